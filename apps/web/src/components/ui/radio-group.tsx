import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
}

interface RadioGroupProps<V extends string> {
  legend: ReactNode;
  /** Shown under the legend. */
  description?: ReactNode;
  name: string;
  options: readonly RadioOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  error?: string;
  /** Grid columns from the small breakpoint on (one column on narrow screens). */
  columns?: 1 | 2 | 3;
  /** The legend as a visible heading-sized text (when the group is the step's only question). */
  legendClassName?: string;
}

const COLUMNS = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' } as const;

/**
 * A fieldset of native radio buttons drawn as cards: the legend names the group, arrow keys move
 * the choice, Tab leaves the group, and the error is tied to the group.
 */
export function RadioGroup<V extends string>({
  legend,
  description,
  name,
  options,
  value,
  onChange,
  error,
  columns = 2,
  legendClassName,
}: RadioGroupProps<V>) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined} className="min-w-0 space-y-2">
      <legend className={cn('text-sm font-medium text-slate-800', legendClassName)}>{legend}</legend>
      {description && (
        <p id={descriptionId} className="text-sm text-slate-600">
          {description}
        </p>
      )}
      <div className={cn('grid gap-2', COLUMNS[columns])}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border bg-white px-3 py-2 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
                checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                data-field={name}
                value={option.value}
                checked={checked}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(option.value)}
                className="mt-1 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
              />
              <span className="min-w-0">
                <span className="block text-slate-900">{option.label}</span>
                {option.hint && <span className="block text-sm text-slate-600">{option.hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
