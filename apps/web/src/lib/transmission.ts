import { useQuery } from '@tanstack/react-query';
import { routes, urlFor, type TransmitReviewResponse } from '@taxli/domain';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The year's transmission as the review page, the dashboard and File History show it (D19): what
 * still blocks it, and which document versions it sent, so a file added later is never shown as sent.
 */
export function useTransmitReview(taxYear: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.transmitReview(taxYear),
    queryFn: ({ signal }) => callApi(routes.transmitReview, { query: { taxYear }, signal }),
    staleTime: 0,
    enabled,
  });
}

/** Where the year's receipt PDF downloads from. */
export function receiptUrl(taxYear: number): string {
  return urlFor(routes.transmissionReceipt, { query: { taxYear } });
}

/**
 * Whether this version of a document came after the year's transmission: the transmission did not
 * send it (a new document, or a newer version of a sent one). False before any transmission.
 */
export function addedAfterTransmission(review: TransmitReviewResponse | undefined, file: { id: number; version: number }): boolean {
  const sent = review?.transmission?.documents;
  if (!sent) return false;
  return !sent.some((document) => document.documentId === file.id && document.version === file.version);
}
