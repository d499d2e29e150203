import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TAX_STATUSES, type TaxStatusId } from '@taxli/domain';
import { cn } from '../../../components/ui/cn';
import { AdminCard } from './admin-card';

/**
 * The six statuses with the admin labels, descriptions and progress of part 2 §4 (16 … 100 %):
 * a check before the current one, a 'Current' badge on it.
 */
export function StatusProgressCard({ current }: { current: TaxStatusId | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <AdminCard title={t('progress.heading')}>
      <ol className="space-y-3">
        {TAX_STATUSES.map((status) => {
          const done = current !== undefined && status.id < current;
          const isCurrent = status.id === current;
          return (
            <li
              key={status.id}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn('space-y-2 rounded-md border p-3', isCurrent ? 'border-brand-600 bg-brand-50' : 'border-slate-200')}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span
                  aria-hidden
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                    done || isCurrent ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-800',
                  )}
                >
                  {done ? <Check className="size-4" /> : status.id}
                </span>
                <span className="min-w-0 font-medium text-slate-900">{t(`statuses.${status.name}.label`)}</span>
                {done && <span className="sr-only">({t('progress.done')})</span>}
                {isCurrent && (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('progress.current')}</span>
                )}
                <span className="ml-auto text-sm text-slate-700">{t('progress.percent', { percent: status.adminProgress })}</span>
              </div>
              <p className="text-sm text-slate-700">{t(`statuses.${status.name}.description`)}</p>
              <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-slate-200">
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${status.adminProgress}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
    </AdminCard>
  );
}
