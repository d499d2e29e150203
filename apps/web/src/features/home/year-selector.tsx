import { useTranslation } from 'react-i18next';
import { dashboardTaxYears, filingOpensOn, isYearOpenForFiling } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/toast-store';
import { useToday } from '../../lib/clock';
import { formatLongDate } from '../../lib/swiss-locale';

/** The last three tax years; a year opens for filing on 1 January of the next year (part 1 §5). */
export function YearSelector({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const today = useToday();
  return (
    <div role="group" aria-label={t('year.label')} className="flex flex-wrap gap-2">
      {dashboardTaxYears(today).map((candidate) => {
        const open = isYearOpenForFiling(candidate, today);
        return (
          <button
            key={candidate}
            type="button"
            aria-pressed={candidate === year}
            aria-disabled={!open || undefined}
            title={open ? undefined : t('year.opens', { date: formatLongDate(filingOpensOn(candidate), i18n.language) })}
            onClick={() => {
              if (open) return onChange(candidate);
              toast({ title: t('year.notOpenTitle'), description: t('year.notOpen', { year: candidate, next: candidate + 1 }) });
            }}
            className={cn(
              'min-h-10 rounded-md border px-4 py-2 text-sm font-medium',
              candidate === year ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
              !open && 'cursor-not-allowed text-slate-700',
            )}
          >
            {candidate}
          </button>
        );
      })}
    </div>
  );
}
