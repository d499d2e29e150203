import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { advancedKeys } from './api/keys';

/** The server's 409 for a change to a transmitted year (D7): its answers are read-only. */
export function isTransmittedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'DOCUMENTS_TRANSMITTED';
}

/** A save refused because the year was transmitted meanwhile (another tab, an expert): read the year again, which shows it read-only. */
export function refreshWhenTransmitted(queryClient: QueryClient, taxYear: number, error: unknown): void {
  if (isTransmittedRefusal(error)) void queryClient.invalidateQueries({ queryKey: advancedKeys.info(taxYear) });
}

/** What a failed save says: that the year was transmitted, else the form's own text. */
export function saveFailedText(t: TFunction, error: unknown, fallback: string): string {
  return isTransmittedRefusal(error) ? t('advanced:completion.transmittedRefused') : fallback;
}
