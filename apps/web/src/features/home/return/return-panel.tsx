import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MessageSquare, UserRound } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { useReturnProgress } from './api/return-progress';
import { threadQuery } from './api/thread';
import { DocumentRequests } from './document-requests';
import { PreparedReturnDownload } from './prepared-return';
import { ReviewActions } from './review-actions';

interface ReturnPanelProps {
  taxYear: number;
  /** The year's status as the dashboard shows it (the bar's), 4 to 6. */
  statusId: number;
  /** Opens the file picker for a requested category (the documents panel's). */
  onUpload: (categoryId: number) => void;
  /** Brings the message thread into view. */
  onReadMessages: () => void;
  /** The panel itself, focusable: the next-step box at status 5 brings the person here. */
  ref?: Ref<HTMLElement>;
}

/**
 * "Your tax return" (issue 27, D18), from status 4 on: who handles it, what the expert asks for,
 * the prepared return to read and approve or send back (5), and the end (6) with the filing date.
 */
export function ReturnPanel({ taxYear, statusId, onUpload, onReadMessages, ref }: ReturnPanelProps) {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const progress = useReturnProgress(taxYear);
  // Only watched, never fetched from here: once the thread has been read after the count was taken,
  // the server has marked those messages read.
  const thread = useQuery({ ...threadQuery(taxYear), enabled: false });
  const data = progress.data;
  const unread = data && !(thread.data && thread.dataUpdatedAt >= progress.dataUpdatedAt) ? data.unreadMessages : 0;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('return.heading')}
      </h2>
      {progress.isError ? (
        <FetchProblem message={t('return.failed')} onRetry={() => void progress.refetch()} />
      ) : !data ? (
        <p className="text-sm text-slate-700">{t('common:loading')}</p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-slate-900">
            <UserRound aria-hidden className="size-5 shrink-0 text-slate-700" />
            {data.expertFirstName ? t('return.handledBy', { name: data.expertFirstName }) : t('return.unassigned')}
          </p>

          {statusId === 5 && (
            <div role="group" aria-labelledby={`${id}-review`} className="space-y-3 rounded-md bg-brand-50 p-4">
              <h3 id={`${id}-review`} className="font-semibold text-slate-900">
                {t('return.review.heading')}
              </h3>
              <p className="text-sm text-slate-800">{t('return.review.intro')}</p>
              <PreparedReturnDownload taxYear={taxYear} summary={data.preparedReturn} />
              <ReviewActions taxYear={taxYear} onDone={setAnnouncement} />
            </div>
          )}

          {statusId >= 6 && (
            <div role="group" aria-labelledby={`${id}-completed`} className="space-y-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
              <h3 id={`${id}-completed`} className="flex items-center gap-2 font-semibold">
                <CheckCircle2 aria-hidden className="size-5 shrink-0" />
                {t('return.completed.heading')}
              </h3>
              <p>{data.filedOn ? t('return.completed.filed', { date: formatSwissDay(data.filedOn, i18n.language) }) : t('return.completed.approved')}</p>
              {data.preparedReturn && <PreparedReturnDownload taxYear={taxYear} summary={data.preparedReturn} />}
            </div>
          )}

          <DocumentRequests requests={data.openRequests.filter((request) => request.fulfilledAt === null)} onUpload={onUpload} />

          {unread > 0 && (
            <button
              type="button"
              onClick={onReadMessages}
              className="inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100"
            >
              <MessageSquare aria-hidden className="size-4" />
              {t('return.messages.read')}
              <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
                <span aria-hidden>{unread > 9 ? '9+' : unread}</span>
                <span className="sr-only">{t('return.messages.unread', { count: unread })}</span>
              </span>
            </button>
          )}
        </>
      )}
      {/* Always there, so that what is put in is read out; shown only with something in it. */}
      <p role="status" className={announcement ? 'text-sm font-medium text-green-800' : 'sr-only'}>
        {announcement}
      </p>
    </section>
  );
}
