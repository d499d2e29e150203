import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/field-error-text';

/**
 * Where a refusal belongs: at the field the server names (told by its field code), else as the
 * form's message (told by its error code). `fields` are the form's own fields.
 */
export function placeError(t: TFunction, error: unknown, fields: readonly string[], fallback: string): { field?: string; text: string } {
  if (error instanceof ApiError && error.field && fields.includes(error.field) && error.code === 'VALIDATION_ERROR') {
    return { field: error.field, text: fieldErrorText(t, error) };
  }
  return { text: errorText(t, error, fallback) };
}
