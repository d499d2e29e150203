import { ArrowLeft, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { taxYearInPreparation } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { toast } from '../../components/ui/toast-store';
import { useToday } from '../../lib/clock';
import { useFiles } from '../../lib/documents';
import { useChecklist } from '../../lib/queries/checklist';
import { errorText } from '../../lib/error-text';
import { useTransmitReview } from '../../lib/transmission';
import { useTransmit } from './api/transmit';
import { BlockList } from './block-list';
import { DocumentsByItem } from './documents-by-item';
import { ProfileBrief } from './profile-brief';
import { TransmittedNotice } from './transmitted-notice';

/** The year of `?year=`, else the year in preparation. */
function reviewYear(params: URLSearchParams, today: Date): number {
  const year = Number(params.get('year'));
  return Number.isInteger(year) && year > 2000 ? year : taxYearInPreparation(today);
}

/**
 * Review and submit (issue 28, D19): the profile in brief, the documents per checklist item, what
 * still blocks the transmit (each linked to where it is fixed), then an explicit confirmation and
 * Transmit. The server checks every block again.
 */
export function ReviewPage() {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  const [params] = useSearchParams();
  const today = useToday();
  const year = reviewYear(params, today);
  const navigate = useNavigate();
  const review = useTransmitReview(year);
  const files = useFiles(year);
  const checklist = useChecklist(year);
  const transmit = useTransmit();
  const [confirmed, setConfirmed] = useState(false);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);
  const confirmErrorId = useId();

  const statusId = review.data?.current_status_id;
  const blocks = review.data?.blocks ?? [];
  const ready = statusId === 3 && blocks.length === 0;

  const submit = () => {
    if (!confirmed) {
      setConfirmMissing(true);
      checkbox.current?.focus();
      return;
    }
    transmit.mutate(year, {
      onSuccess: () => {
        toast({ title: t('transmit.success'), description: t('transmit.successDescription'), variant: 'success', forNextPage: true });
        void navigate(`/?year=${year}`);
      },
    });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={`/?year=${year}`} className="inline-flex min-h-10 items-center gap-2 text-sm font-medium text-brand-700 underline underline-offset-2">
        <ArrowLeft aria-hidden className="size-4" />
        {t('review.back')}
      </Link>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('review.title', { year })}</h1>
        <p className="text-slate-800">{t('review.intro')}</p>
      </div>

      {review.isError && <FetchProblem message={t('review.loadFailed')} onRetry={() => void review.refetch()} />}

      {review.data?.transmission && statusId !== undefined && statusId >= 4 ? (
        <TransmittedNotice taxYear={year} transmittedAt={review.data.transmission.transmittedAt} />
      ) : (
        <>
          <ProfileBrief taxYear={year} />
          <DocumentsByItem files={files.data ?? []} items={checklist.data?.items ?? []} />
          {review.data && <BlockList blocks={blocks} taxYear={year} />}

          {review.data && (
            <section aria-labelledby="review-confirm-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h2 id="review-confirm-heading" className="sr-only">
                {t('review.transmit')}
              </h2>
              {statusId !== undefined && statusId < 3 && <p className="text-sm text-slate-800">{t('review.notReady')}</p>}
              {statusId === 3 && blocks.length > 0 && <p className="text-sm text-slate-800">{t('review.blockedHint')}</p>}
              <div className="flex items-start gap-3">
                <input
                  ref={checkbox}
                  id="review-confirm"
                  type="checkbox"
                  checked={confirmed}
                  disabled={!ready}
                  aria-invalid={confirmMissing && !confirmed}
                  aria-describedby={confirmMissing && !confirmed ? confirmErrorId : undefined}
                  onChange={(event) => {
                    setConfirmed(event.target.checked);
                    if (event.target.checked) setConfirmMissing(false);
                  }}
                  className="mt-1 size-5 shrink-0 accent-brand-600"
                />
                <label htmlFor="review-confirm" className="text-sm text-slate-900">
                  {t('review.confirm', { year })}
                </label>
              </div>
              {confirmMissing && !confirmed && (
                <p id={confirmErrorId} className="text-sm font-medium text-red-800">
                  {t('review.confirmRequired')}
                </p>
              )}
              {transmit.isError && (
                <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
                  {errorText(t, transmit.error, t('transmit.unknown'))}
                </p>
              )}
              <Button onClick={submit} disabled={!ready || transmit.isPending}>
                <Send aria-hidden className="size-4" />
                {transmit.isPending ? t('review.sending') : t('review.transmit')}
              </Button>
            </section>
          )}
        </>
      )}
    </div>
  );
}
