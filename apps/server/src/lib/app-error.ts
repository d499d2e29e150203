import type { ApiErrorExtras, ErrorCode, FieldError } from '@taxli/domain';

/** An error the client caused or may see: status, code and a message safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** Why `field` was refused, as a code and its parameters the client translates. */
    readonly fieldError?: FieldError,
    /** Further facts of the answer's error body, such as the sign-in tries left. */
    readonly extras?: ApiErrorExtras,
  ) {
    super(message);
  }
}
