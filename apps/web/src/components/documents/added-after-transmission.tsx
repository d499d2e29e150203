import { useTranslation } from 'react-i18next';
import type { TransmitReviewResponse } from '@taxli/domain';
import { addedAfterTransmission } from '../../lib/transmission';

/**
 * "Added after transmission" on a file the year's transmission did not send (D19): the experts see
 * it, but the person must never take it for sent. Nothing before the year is transmitted.
 */
export function AddedAfterTransmission({ review, file }: { review: TransmitReviewResponse | undefined; file: { id: number; version: number } }) {
  const { t } = useTranslation('dashboard');
  if (!addedAfterTransmission(review, file)) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">{t('review.addedAfter')}</span>
      <span className="text-xs text-slate-700">{t('review.addedAfterHint')}</span>
    </span>
  );
}
