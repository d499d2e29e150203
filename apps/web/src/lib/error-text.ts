import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * What to tell the user about a failed call, in their language: the translation of the error's
 * code (errors:codes.*, which may name the HTTP `status`), the server's own message when the code
 * has none, else `fallback`.
 */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return t(`errors:codes.${error.code}`, { defaultValue: error.message || fallback, status: error.status });
}
