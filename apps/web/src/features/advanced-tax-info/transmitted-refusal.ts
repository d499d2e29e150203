import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { advancedKeys } from './api/keys';

/** The server's 409 for a change to a transmitted year (D7): its answers are read-only. */
export function isTransmittedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'DOCUMENTS_TRANSMITTED';
}

/** The server's 409 for a save edited from older answers than the stored ones (another tab or device saved since). */
export function isOutdatedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'ANSWERS_OUTDATED';
}

/** A save refused because the year was transmitted meanwhile (another tab, an expert): read the year again, which shows it read-only. */
export function refreshWhenTransmitted(queryClient: QueryClient, taxYear: number, error: unknown): void {
  if (isTransmittedRefusal(error)) void queryClient.invalidateQueries({ queryKey: advancedKeys.info(taxYear) });
}

/**
 * A form's save refused as transmitted or outdated: the year is read again. Outdated, the newer
 * answers are loaded before the form's own error handling runs (a mutation waits for this
 * promise), so the form's next save is made from them. Transmitted, not waited for: the form says
 * so first, then the year is shown read-only (a new form, which would not hear the refusal).
 */
export async function refreshWhenRefused(queryClient: QueryClient, taxYear: number, error: unknown): Promise<void> {
  if (isTransmittedRefusal(error)) refreshWhenTransmitted(queryClient, taxYear, error);
  if (isOutdatedRefusal(error)) await queryClient.invalidateQueries({ queryKey: advancedKeys.info(taxYear) });
}

/** What a failed save says: that the year was transmitted, or that newer answers were saved elsewhere, else the form's own text. */
export function saveFailedText(t: TFunction, error: unknown, fallback: string): string {
  if (isTransmittedRefusal(error)) return t('advanced:completion.transmittedRefused');
  if (isOutdatedRefusal(error)) return t('advanced:common.newerSaved');
  return fallback;
}
