import { ApiError } from '../../lib/api-client';

/**
 * The server's own words about a failed call (part 1 §8 shows them to the user), or undefined when
 * no answer came at all, so that the caller shows its translated fallback instead.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0 || !error.message) return undefined;
  return error.message;
}
