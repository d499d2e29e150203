import { useId, type ReactNode } from 'react';
import { cn } from './cn';

interface SwitchFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * An on/off switch (a button with role="switch") with its label and hint: Space or Enter toggles it,
 * the label names it and clicking the label toggles it too.
 */
export function SwitchField({ label, hint, checked, onChange, disabled }: SwitchFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border border-slate-200 bg-white p-4">
      <div className="min-w-0 space-y-1">
        <label htmlFor={id} className="block font-medium text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-400',
        )}
      >
        <span
          aria-hidden
          className={cn('inline-block size-6 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0')}
        />
      </button>
    </div>
  );
}
