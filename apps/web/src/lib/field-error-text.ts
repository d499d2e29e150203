import type { TFunction } from 'i18next';
import type { ApiError } from './api-client';

const FIELD_CODE = /^[A-Z][A-Z_]*$/;

/**
 * The text of a server's refusal of one field, in the interface language: the translation of its
 * field code (errors:fields.<fieldCode>) with the code's parameters ("At most {{max}} characters"),
 * or the generic "This value is not accepted" (errors:fields.INVALID) for a code this build does
 * not know or an answer without one. Never the server's English message.
 */
export function fieldErrorText(t: TFunction, error: ApiError): string {
  const generic = t('errors:fields.INVALID');
  // A code is a key segment of its own: nothing the answer says may reach another key.
  if (!error.refusal || !FIELD_CODE.test(error.refusal.fieldCode)) return generic;
  return t(`errors:fields.${error.refusal.fieldCode}`, { ...error.refusal.params, defaultValue: generic });
}
