import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadMessage } from '@taxli/domain';
import { cn } from '../../../components/ui/cn';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { queryKeys } from '../../../lib/query-keys';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import { useHashTarget } from '../../../lib/use-hash-target';
import { threadQuery } from './api/thread';
import { useSeen } from './use-seen';

interface MessageThreadProps {
  taxYear: number;
  statusId: number;
  /** False while the dashboard is under its loading overlay: nothing under it is seen. */
  visible: boolean;
  /** The heading, focusable, for the return panel's "Read messages". */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The year's thread with the experts, oldest first, the person's messages told apart from the
 * expert's (named by first name). Shown once the year is transmitted, and before whenever it has
 * messages. Reading the thread marks the expert's messages read on the server, so from status 4
 * on it is asked for only when it comes on screen: until then the return panel's badge counts them.
 */
export function MessageThread({ taxYear, statusId, visible, headingRef }: MessageThreadProps) {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const queryClient = useQueryClient();
  const transmitted = statusId >= 4;
  const seen = useSeen<HTMLElement>(visible, taxYear);
  const hashTarget = useHashTarget<HTMLElement>('messages');
  const thread = useQuery({ ...threadQuery(taxYear), enabled: !transmitted || seen.seen });
  const answer = thread.data;
  const unread = answer?.unread ?? 0;

  // The server has now marked the expert's messages read: the badge and the bell count them no more.
  useEffect(() => {
    if (unread === 0) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.returnProgress(taxYear) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  }, [unread, taxYear, queryClient, thread.dataUpdatedAt]);

  const messages = oldestFirst(answer?.messages ?? []);
  if (!transmitted && messages.length === 0) return null;
  const newFrom = newMessageIds(messages, unread);

  return (
    <section
      id="messages"
      ref={(element) => {
        seen.ref(element);
        hashTarget.current = element;
      }}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {t('thread.heading', { year: taxYear })}
      </h2>
      {thread.isError ? (
        <FetchProblem message={t('thread.failed')} onRetry={() => void thread.refetch()} />
      ) : !answer ? (
        <p className="text-sm text-slate-700">{t('thread.loading')}</p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t('thread.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => {
            const mine = message.from === 'person';
            return (
              <li
                key={message.id}
                className={cn(
                  'max-w-[85%] rounded-lg border p-3 text-sm sm:max-w-[75%]',
                  mine ? 'ml-auto border-brand-100 bg-brand-50' : 'mr-auto border-slate-200 bg-slate-50',
                )}
              >
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-700">
                  <span className="font-semibold text-slate-900">{mine ? t('thread.you') : message.authorFirstName}</span>
                  <time dateTime={message.createdAt}>{formatSwissMoment(message.createdAt, i18n.language)}</time>
                  {newFrom.has(message.id) && <span className="rounded-full bg-brand-700 px-2 font-semibold text-white">{t('thread.new')}</span>}
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{message.body}</p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** A conversation reads from the top: the oldest message first (ties by the order they were stored). */
function oldestFirst(messages: ThreadMessage[]): ThreadMessage[] {
  return [...messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

/** The expert's messages this answer was the first to show: the last `unread` of theirs. */
function newMessageIds(messages: ThreadMessage[], unread: number): Set<number> {
  if (unread <= 0) return new Set();
  return new Set(
    messages
      .filter((message) => message.from === 'expert')
      .slice(-unread)
      .map((message) => message.id),
  );
}
