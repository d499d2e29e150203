import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * An on/off switch (WAI-ARIA switch pattern): a button with role="switch" and aria-checked, so Space
 * and Enter toggle it. Name it with aria-label or aria-labelledby, or by wrapping it in a label.
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch({ checked, onCheckedChange, className, disabled, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-brand-700' : 'bg-slate-500',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn('pointer-events-none block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0')}
      />
    </button>
  );
});
