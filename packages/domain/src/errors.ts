import type { FieldErrorCode, FieldErrorParams } from './field-errors.js';

/**
 * Error codes the API answers with, in `{ "error": { "code", "message" } }`.
 * The web app translates by code (errors.<CODE>) and falls back to the server message.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  // Text the database cannot store (NUL, half of a surrogate pair), in any request
  'INVALID_CHARACTERS',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'FOREIGN_ORIGIN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VERIFICATION_ERROR',
  'INTERNAL_ERROR',
  // A stored value (a jsonb column) that no longer parses with its schema; the log names the row
  'STORED_DATA_INVALID',
  // Tax status (DECISIONS D1)
  'STATUS_CHANGE_FORBIDDEN',
  'INVALID_STATUS',
  'ADVANCED_INFO_INCOMPLETE',
  // Transmit's blocks (D19): an open checklist item, the tax ID, the signed power of attorney, the
  // confirmation; a receipt asked for before the year was transmitted
  'CHECKLIST_INCOMPLETE',
  'TAX_ID_MISSING',
  'SIGNED_POWER_OF_ATTORNEY_MISSING',
  'CONFIRMATION_REQUIRED',
  'NOT_TRANSMITTED',
  // Documents (DECISIONS D7); the per-file codes also appear in upload results
  'FILE_TOO_LARGE',
  'FILE_NOT_FOUND',
  'HASH_MISMATCH',
  'EMPTY_FILE',
  'INVALID_FILE_NAME',
  'DOCUMENTS_TRANSMITTED',
  'FILE_NAME_TAKEN',
  'TOO_MANY_UPLOADS',
  // The blob store could not take an upload: 507 when it is full, 503 for any other fault (issue 26)
  'STORAGE_FULL',
  'STORAGE_UNAVAILABLE',
  // The database did not answer (down, restarting, or silent past its time-out): 503 on any route
  'DATABASE_UNAVAILABLE',
  // Storage limits of an account and of the server (507 and 429 on an upload)
  'QUOTA_EXCEEDED',
  'UPLOAD_RATE_LIMITED',
  'DISK_SPACE_LOW',
  // Tax profile (DECISIONS D15)
  'TAX_PROFILE_INCOMPLETE',
  // A draft edited from an older version than the one stored (another tab or device saved since)
  'DRAFT_OUTDATED',
  // An Advanced Tax Information save edited from an older version of its part (another tab or device saved since)
  'ANSWERS_OUTDATED',
  // A profile form's save edited from other names or phone than the stored ones (another tab or device saved since)
  'PROFILE_OUTDATED',
  // The year is transmitted (status 4 or later): its tax profile is read-only (409)
  'TAX_PROFILE_TRANSMITTED',
  // Address lookup (DECISIONS D9)
  'ADDRESS_LOOKUP_UNAVAILABLE',
  'ADDRESS_LOOKUP_FAILED',
  // Too many lookups waiting for the geocoder, the person's own or everyone's (429 with Retry-After)
  'ADDRESS_LOOKUP_BUSY',
  // Advanced Tax Information (part 2 §5)
  'MISSING_INFORMATION',
  'INVALID_TAX_ID_FORMAT',
  'POWER_OF_ATTORNEY_REQUIRED',
  'UNSUPPORTED_FILE_TYPE',
  // Administration (DECISIONS D4)
  'LAST_ADMIN',
  // Debug tools (DECISIONS D4): the database differs from the code and no migration is pending
  'SCHEMA_DIFFERS',
  // The expert back office (issue 27): no return of that person and year (unknown, or before status
  // 3); a prepared return that is not a PDF by its content; no prepared return to read (yet); 4 → 5
  // without a prepared return; another expert handles the return already (409, the message names who)
  'RETURN_NOT_FOUND',
  'NOT_A_PDF',
  'NO_PREPARED_RETURN',
  'PREPARED_RETURN_MISSING',
  'ALREADY_ASSIGNED',
  // Documents that read themselves (issue 29): a file whose read has not ended (or never began) to accept or dismiss
  'EXTRACTION_NOT_FOUND',
  // Passkeys (issue 30): an expert or admin route before the session has its second factor (403); a
  // challenge unknown, expired, used or bound to another session (400); an answer from another
  // origin or for another RP ID (400); a signature, flag or format that does not verify (400); a
  // credential not registered (401) or of another account than the signed-in one (401); a counter
  // that went back, the sign of a cloned authenticator (401); a passkey added twice (409)
  'SECOND_FACTOR_REQUIRED',
  'PASSKEY_CHALLENGE_INVALID',
  'PASSKEY_ORIGIN_MISMATCH',
  'PASSKEY_RP_ID_MISMATCH',
  'PASSKEY_VERIFICATION_FAILED',
  'PASSKEY_UNKNOWN',
  'PASSKEY_OTHER_ACCOUNT',
  'PASSKEY_COUNTER_REPLAY',
  'PASSKEY_ALREADY_REGISTERED',
  // The data export (issue 30): the person's few exports of the last 24 hours are used (429, retryAt says when)
  'EXPORT_RATE_LIMITED',
  // "Delete my account" (issue 30): an administrator's own account through the admin route (409),
  // an account already erased with transmitted years kept for the retention period (409)
  'CANNOT_DELETE_OWN_ACCOUNT',
  'ALREADY_ERASED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A refusal of one field (400 VALIDATION_ERROR) names it in `field` and says why in `fieldCode`
 * with its `params` (field-errors.ts), which clients translate; `message` stays English.
 */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string; fieldCode?: FieldErrorCode; params?: FieldErrorParams } & ApiErrorExtras;
}

/**
 * Facts some refusals add to their error body (additive: clients that do not know them keep
 * reading code and message). `attemptsLeft`: the tries left with the sign-in code before the
 * lock-out (POST /api/auth/verify-code's 401 INVALID_CODE; 0 when no code can be used any more).
 */
export interface ApiErrorExtras {
  attemptsLeft?: number;
  /** When a limited request may be sent again (ISO 8601), as Retry-After says in seconds. */
  retryAt?: string;
}
