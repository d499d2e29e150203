import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cantonName, cantonsSortedByName } from '@taxli/domain';
import { cn } from '../../../../components/ui/cn';
import type { StepProps } from './step-props';

/**
 * Step 2: the 26 cantons with coat of arms and code, sorted by name in the interface language, as
 * one group of radio buttons (arrow keys move the choice; Space or Enter chooses the focused one).
 */
export function CantonStep({ wizard, year }: StepProps) {
  const { t, i18n } = useTranslation('wizard');
  const id = useId();
  const selected = wizard.state.answers.cantonOfResidence;
  const error = wizard.errorOf('cantonOfResidence');
  const errorId = `${id}-error`;
  const choose = (slug: string) => wizard.setAnswer('cantonOfResidence', slug);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, slug: string) => {
    if (event.key !== 'Enter' || selected === slug) return;
    // Enter chooses the focused canton; once chosen, Enter goes on to the next step as in any form.
    event.preventDefault();
    choose(slug);
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0 space-y-3">
      <legend className="text-slate-700">{t('steps.canton.description', { year })}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {cantonsSortedByName(i18n.language).map((canton) => {
          const checked = selected === canton.slug;
          const name = cantonName(canton, i18n.language);
          return (
            <label
              key={canton.code}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-2 rounded-md border bg-white p-2 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
                checked ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600' : 'border-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="cantonOfResidence"
                data-field="cantonOfResidence"
                value={canton.slug}
                checked={checked}
                onChange={() => choose(canton.slug)}
                onKeyDown={(event) => onKeyDown(event, canton.slug)}
                className="sr-only"
              />
              <img src={`/cantons/${canton.code.toLowerCase()}.svg`} alt="" width={28} height={32} className="h-8 w-7 shrink-0" />
              <span className="min-w-0">
                <span className="block text-sm leading-tight font-medium break-words text-slate-900">{name}</span>{' '}
                <span className="block text-xs text-slate-600">{canton.code}</span>
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
