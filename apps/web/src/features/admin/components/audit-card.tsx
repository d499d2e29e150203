import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { routes, urlFor, type AuditEventSummary } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { Input } from '../../../components/ui/input';
import { errorText } from '../../../lib/error-text';
import { swissLocale } from '../../../lib/swiss-locale';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { AdminCard } from './admin-card';

const FIELDS = ['userId', 'actorId', 'action', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;
const EMPTY: Draft = { userId: '', actorId: '', action: '', from: '', to: '' };

/** What the form holds, as the query: blank fields are no filter; the server checks the rest. */
function filtersOf(draft: Draft): AuditFilters {
  const value = (field: Field) => draft[field].trim() || undefined;
  const id = (field: 'userId' | 'actorId') => (value(field) === undefined ? undefined : Number(value(field)));
  return { userId: id('userId'), actorId: id('actorId'), action: value('action'), from: value('from'), to: value('to') };
}

/**
 * The audit trail (D12, issue 27 item 8): who did what to whose data, newest first, filtered by
 * person, actor, action and days; older events a page at a time. Reading it is audited too.
 */
export function AuditCard() {
  const { t, i18n } = useTranslation('admin');
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(filters);
  const locale = swissLocale(i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
  };
  const events = audit.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <AdminCard title={t('audit.heading')} description={t('audit.description')}>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} aria-label={t('audit.filters')}>
        {FIELDS.map((field) => (
          <div key={field} className="w-full space-y-1 sm:w-40">
            <label htmlFor={`${formId}-${field}`} className="block text-sm font-medium text-slate-800">
              {t(`audit.${field}`)}
            </label>
            <Input
              id={`${formId}-${field}`}
              type={field === 'from' || field === 'to' ? 'date' : 'text'}
              inputMode={field === 'userId' || field === 'actorId' ? 'numeric' : undefined}
              autoComplete="off"
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
          </div>
        ))}
        <Button type="submit" variant="secondary">
          {t('audit.apply')}
        </Button>
        <a
          className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          href={urlFor(routes.adminAuditCsv, { query: { ...filters } })}
          download
        >
          {t('audit.csv')}
        </a>
      </form>
      {audit.isError ? (
        <FetchProblem message={errorText(t, audit.error, t('loadFailed'))} onRetry={() => void audit.refetch()} />
      ) : !audit.data ? (
        <p role="status" className="text-sm text-slate-700">
          {t('loading')}
        </p>
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-700">{t('audit.none')}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={t('audit.heading')}>
            {events.map((event) => (
              <AuditRow key={event.id} event={event} when={new Date(event.at).toLocaleString(locale)} />
            ))}
          </ul>
          {audit.hasNextPage && (
            <Button variant="secondary" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
              {t('audit.older')}
            </Button>
          )}
        </>
      )}
    </AdminCard>
  );
}

function AuditRow({ event, when }: { event: AuditEventSummary; when: string }) {
  const { t } = useTranslation('admin');
  const details = Object.entries(event.details ?? {}).map(([key, value]) => `${key}: ${String(value)}`);
  return (
    <li className="space-y-1 p-3 text-sm">
      <p className="font-medium text-slate-900">
        <span className="break-all">{event.action}</span> · {t(`audit.outcomes.${event.outcome}`)}
      </p>
      <p className="text-slate-700">
        {when} · {t('audit.by')} {event.actorUserId ?? t('audit.nobody')} · {t('audit.concerning')} {event.subjectUserId ?? t('audit.nobody')}
      </p>
      {details.length > 0 && <p className="break-all text-slate-700">{details.join(' · ')}</p>}
    </li>
  );
}
