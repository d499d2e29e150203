import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardTaxYears, filingOpensOn, isYearOpenForFiling } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/toast-store';
import { useToday } from '../../lib/clock';

/** Dates in the interface language; Swiss German reads dates as Swiss Standard German does. */
const dateLocale = (language: string) => (language === 'gsw' ? 'de-CH' : language);

interface YearSelectorProps {
  year: number;
  onChange: (year: number) => void;
  /** The years offered; the dashboard's last three by default (D2). */
  years?: number[];
}

/**
 * The tax-year buttons. A year opens for filing on 1 January of the next year (part 1 §5): before
 * that its button stays focusable, explains itself in a tooltip and, when pressed, in a toast.
 */
export function YearSelector({ year, onChange, years }: YearSelectorProps) {
  const { t, i18n } = useTranslation('dashboard');
  const today = useToday();
  const tooltipId = useId();
  return (
    <div role="group" aria-label={t('year.label')} className="flex flex-wrap gap-2">
      {(years ?? dashboardTaxYears(today)).map((candidate) => {
        const open = isYearOpenForFiling(candidate, today);
        const opens = filingOpensOn(candidate).toLocaleDateString(dateLocale(i18n.language), { day: 'numeric', month: 'long', year: 'numeric' });
        return (
          <span key={candidate} className="group relative inline-flex">
            <button
              type="button"
              aria-pressed={candidate === year}
              aria-disabled={!open || undefined}
              aria-describedby={open ? undefined : `${tooltipId}-${candidate}`}
              onClick={() => {
                if (open) return onChange(candidate);
                toast({ title: t('year.notOpenTitle'), description: t('year.notOpen', { year: candidate, next: candidate + 1 }) });
              }}
              className={cn(
                'min-h-10 rounded-md border px-4 py-2 text-sm font-medium',
                candidate === year ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                !open && 'cursor-not-allowed border-dashed text-slate-700',
              )}
            >
              {candidate}
            </button>
            {!open && (
              <span
                role="tooltip"
                id={`${tooltipId}-${candidate}`}
                className="pointer-events-none absolute top-full left-1/2 z-20 mt-1 hidden -translate-x-1/2 rounded bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white group-focus-within:block group-hover:block"
              >
                {t('year.opens', { date: opens })}
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}
