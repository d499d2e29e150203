import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** Codes the client gives an answer that carried no error body of the API: it says nothing `fallback` does not say better. */
const NO_ERROR_BODY = ['HTTP_ERROR', 'UNKNOWN_ERROR'];

/**
 * What to tell the user about a failed call, in their language, the most specific text first: the
 * translation of the error's code for the field the answer names (errors:byField.<code>.<field>,
 * e.g. NOT_FOUND of userId: "There is no account with this user ID."), of its code alone
 * (errors:codes.*, which may name the HTTP `status`), the server's own message when the code has
 * none, else `fallback` (also for an answer without the API's error body).
 */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || NO_ERROR_BODY.includes(error.code)) return fallback;
  const byCode = t(`errors:codes.${error.code}`, { defaultValue: error.message || fallback, status: error.status });
  return error.field ? t(`errors:byField.${error.code}.${error.field}`, { defaultValue: byCode }) : byCode;
}
