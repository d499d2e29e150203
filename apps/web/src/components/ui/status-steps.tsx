import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { statusBarPercent, TAX_STATUSES, taxStatusId, type TaxStatusName } from '@taxli/domain';
import { cn } from './cn';

/**
 * The six-step status bar (D1): Initial, Tax Profile, Documents, Transmitted, Reviewed, Completed,
 * filled to id ÷ 6. Each step up to the status is done (checked); the status's own step is also
 * marked current. Shared by the dashboard and /pgbar; `label` names the list of steps.
 */
export function StatusSteps({ status, label }: { status: TaxStatusName; label: string }) {
  const { t } = useTranslation('common');
  const current = taxStatusId(status);
  return (
    <div className="space-y-3">
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div data-testid="status-fill" className="h-full rounded-full bg-brand-600" style={{ width: `${statusBarPercent(current)}%` }} />
      </div>
      <ol aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {TAX_STATUSES.map((step) => {
          // A step is reached, not begun: at status 2 "Tax Profile" is the current step and it is
          // complete (the text says so, and the bar is filled to it), so it reads done as well.
          const done = step.id <= current;
          const isCurrent = step.id === current;
          return (
            <li
              key={step.id}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn(
                'flex min-w-0 items-center gap-2 rounded-md border px-3 py-2 text-sm',
                isCurrent && 'border-brand-600 bg-brand-50 font-semibold text-brand-900',
                done && !isCurrent && 'border-slate-200 bg-white text-slate-800',
                !done && !isCurrent && 'border-dashed border-slate-300 text-slate-700',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                  done ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-800',
                )}
              >
                {done ? <Check className="size-4" /> : step.id}
              </span>
              {/* A long word ("Abgeschlossen" on a 360 px phone) breaks rather than leaving its box. */}
              <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{t(`taxStatus.steps.${step.name}`)}</span>
              {done && <span className="sr-only"> ({t('home.stepDone')})</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
