import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAX_STATUSES, type TaxStatusId } from '@taxli/domain';

/** Part 1 §4: the status selector locks for 1 s after a change. */
export const STATUS_LOCK_MS = 1_000;

/** One year, or every year of the account (part 1 §2: "per year or overall"). */
export type OverrideScope = number | 'all';

interface StatusOverrideProps {
  years: number[];
  scope: OverrideScope;
  onScope: (scope: OverrideScope) => void;
  /** The chosen year's status; undefined while it loads, and for all years (they may differ). */
  current: TaxStatusId | undefined;
  /** False until the chosen year's status is known (always ready for all years). */
  ready: boolean;
  busy: boolean;
  onChange: (to: TaxStatusId) => void;
}

const selectClass = 'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';

/** The debug panel's status override: any status, for a year or for all years, locked for 1 s after each change. */
export function StatusOverride({ years, scope, onScope, current, ready, busy, onChange }: StatusOverrideProps) {
  const { t } = useTranslation('debug');
  const yearId = useId();
  const statusId = useId();
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setLocked(false), STATUS_LOCK_MS);
    return () => clearTimeout(timer);
  }, [locked]);

  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900">{t('status.heading')}</h3>
      <label htmlFor={yearId} className="block text-sm font-medium text-slate-800">
        {t('status.year')}
      </label>
      <select
        id={yearId}
        className={selectClass}
        value={String(scope)}
        disabled={locked || busy}
        aria-describedby={scope === 'all' ? `${yearId}-hint` : undefined}
        onChange={(event) => onScope(event.target.value === 'all' ? 'all' : Number(event.target.value))}
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
        <option value="all">{t('status.allYears')}</option>
      </select>
      {scope === 'all' && (
        <p id={`${yearId}-hint`} className="text-sm text-slate-700">
          {t('status.allYearsHint')}
        </p>
      )}
      <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
        {t('status.label')}
      </label>
      <select
        id={statusId}
        className={selectClass}
        value={current ?? ''}
        disabled={!ready || locked || busy}
        aria-describedby={locked ? `${statusId}-locked` : undefined}
        onChange={(event) => {
          if (event.target.value === '') return;
          setLocked(true);
          onChange(Number(event.target.value) as TaxStatusId);
        }}
      >
        {current === undefined && <option value="">{t('status.choose')}</option>}
        {TAX_STATUSES.map((status) => (
          // Part 1 §2: the status names with their underscores shown as spaces.
          <option key={status.id} value={status.id}>
            {status.id} · {status.name.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      {locked && (
        <p id={`${statusId}-locked`} className="text-sm text-slate-700">
          {t('status.locked')}
        </p>
      )}
    </section>
  );
}
