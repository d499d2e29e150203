import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNEE_FILTERS, QUEUE_SEARCH_MAX_LENGTH, QUEUE_STATUS_IDS, type AssigneeFilter } from '@taxli/domain';
import { Input } from '../../../components/ui/input';
import { statusLabel } from '../return-labels';

/** What the filter controls hold ('' is "all"). */
export interface FilterDraft {
  status: string;
  taxYear: string;
  assignee: AssigneeFilter;
  search: string;
}

export const NO_FILTER: FilterDraft = { status: '', taxYear: '', assignee: 'any', search: '' };

export const selectClass = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900';

interface QueueFiltersProps {
  draft: FilterDraft;
  years: number[];
  onChange: (draft: FilterDraft) => void;
  /** Enter in the search box: search now, without waiting for the pause. */
  onSearchNow: () => void;
}

/** Status (3–6 or all), tax year, who handles it, and a search by name or e-mail. */
export function QueueFilters({ draft, years, onChange, onSearchNow }: QueueFiltersProps) {
  const { t } = useTranslation('expert');
  const id = useId();
  const set = (patch: Partial<FilterDraft>) => onChange({ ...draft, ...patch });
  return (
    <form
      role="search"
      aria-label={t('queue.filters')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSearchNow();
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
          {t('queue.status')}
        </label>
        <select id={`${id}-status`} className={selectClass} value={draft.status} onChange={(event) => set({ status: event.target.value })}>
          <option value="">{t('queue.allStatuses')}</option>
          {QUEUE_STATUS_IDS.map((status) => (
            <option key={status} value={status}>
              {statusLabel(t, status)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-year`} className="block text-sm font-medium text-slate-800">
          {t('queue.taxYear')}
        </label>
        <select id={`${id}-year`} className={selectClass} value={draft.taxYear} onChange={(event) => set({ taxYear: event.target.value })}>
          <option value="">{t('queue.allYears')}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-assignee`} className="block text-sm font-medium text-slate-800">
          {t('queue.assignee')}
        </label>
        <select
          id={`${id}-assignee`}
          className={selectClass}
          value={draft.assignee}
          onChange={(event) => set({ assignee: event.target.value as AssigneeFilter })}
        >
          {ASSIGNEE_FILTERS.map((assignee) => (
            <option key={assignee} value={assignee}>
              {t(`queue.assignees.${assignee}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
          {t('queue.search')}
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          maxLength={QUEUE_SEARCH_MAX_LENGTH}
          value={draft.search}
          onChange={(event) => set({ search: event.target.value })}
        />
      </div>
    </form>
  );
}
