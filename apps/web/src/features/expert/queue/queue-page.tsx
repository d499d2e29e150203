import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardTaxYears, type QueueRow } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { ApiError } from '../../../lib/api-client';
import { useToday } from '../../../lib/clock';
import { errorText } from '../../../lib/error-text';
import { useQueue, type QueueFilters as Filters } from '../api/get-queue';
import { useTakeReturn } from '../api/take-return';
import { Outcome, type OutcomeState } from '../outcome';
import { ExpertAccessDenied, ExpertOnly, isForbidden } from '../expert-only';
import { fullName } from '../return-labels';
import { NO_FILTER, QueueFilters, type FilterDraft } from './queue-filters';
import { QueueTable, rowKey } from './queue-table';
import { useDebouncedValue } from './use-debounced-value';

/** How long the search waits for the typing to pause before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the controls hold, as the queue's query: '' is no filter. */
function filtersOf(draft: FilterDraft, search: string): Filters {
  const q = search.trim();
  return {
    status: draft.status ? Number(draft.status) : undefined,
    taxYear: draft.taxYear ? Number(draft.taxYear) : undefined,
    q: q || undefined,
    assignee: draft.assignee,
  };
}

/** /expert: the queue of transmitted returns (issue 27), for experts and admins. */
export function ExpertQueuePage() {
  return <ExpertOnly>{(self) => <Queue selfId={self.id} />}</ExpertOnly>;
}

function Queue({ selfId }: { selfId: number }) {
  const { t } = useTranslation('expert');
  const today = useToday();
  const years = useMemo(() => dashboardTaxYears(today), [today]);
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTER);
  const [search, setSearchNow] = useDebouncedValue(draft.search, SEARCH_DEBOUNCE_MS);
  const filters = filtersOf(draft, search);
  const queue = useQueue(filters);
  const take = useTakeReturn();
  const [notice, setNotice] = useState<OutcomeState>();

  const takeReturn = (row: QueueRow) => {
    const name = fullName(row) || row.email;
    setNotice(undefined);
    take.mutate(row, {
      onSuccess: () => setNotice({ kind: 'success', text: t('take.done', { name, year: row.taxYear }) }),
      onError: (error) =>
        setNotice({
          kind: 'error',
          // 409: someone else took it first (the queue is read again and shows who).
          text: error instanceof ApiError && error.status === 409 ? t('take.conflict', { name, year: row.taxYear }) : errorText(t, error, t('take.failed')),
        }),
    });
  };

  if (isForbidden(queue.error)) return <ExpertAccessDenied />;
  const rows = queue.data?.pages.flatMap((page) => page.returns) ?? [];
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('queue.title')}</h1>
        <p className="text-slate-700">{t('queue.intro')}</p>
      </div>
      <QueueFilters draft={draft} years={years} onChange={setDraft} onSearchNow={() => setSearchNow(draft.search)} />
      {/* Always there, so that a screen reader hears what Take did; it takes the focus, as the row's Take goes away. */}
      <Outcome outcome={notice} takeFocus />
      {queue.isError && !queue.data ? (
        <FetchProblem message={errorText(t, queue.error, t('queue.loadFailed'))} onRetry={() => void queue.refetch()} />
      ) : !queue.data ? (
        <p role="status" className="text-sm text-slate-700">
          {t('loading')}
        </p>
      ) : (
        <section aria-labelledby="expert-queue-results" className="space-y-4">
          <h2 id="expert-queue-results" className="sr-only">
            {t('queue.results')}
          </h2>
          <p role="status" className="text-sm text-slate-700">
            {rows.length === 0 ? t('queue.none') : t('queue.shown', { count: rows.length })}
          </p>
          {rows.length > 0 && <QueueTable rows={rows} selfId={selfId} taking={take.isPending ? rowKey(take.variables) : undefined} onTake={takeReturn} />}
          {queue.hasNextPage && (
            <Button variant="secondary" disabled={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
              {queue.isFetchingNextPage ? t('loading') : t('queue.loadMore')}
            </Button>
          )}
          {queue.isFetchNextPageError && <p role="alert" className="text-sm text-red-800">{errorText(t, queue.error, t('queue.loadFailed'))}</p>}
        </section>
      )}
    </div>
  );
}
