import type { z } from 'zod';
import { AppError } from './app-error.js';

interface Options {
  /** Path segments that group fields but are no field of the client's (the wizard's `personal`, `answers`). */
  drop?: readonly string[];
  /** Name only the first segments (an upload's `hashes`, not `hashes.0`). */
  depth?: number;
}

/**
 * A zod failure of a body the service checks itself, as the API's 400: `{field}: {message}` naming
 * the first problem, the same shape the errors plugin gives for route schemas.
 */
export function validationError(error: z.ZodError, { drop = [], depth }: Options = {}): AppError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).filter((segment) => !drop.includes(segment)).slice(0, depth);
  const field = path.join('.') || undefined;
  return new AppError(400, 'VALIDATION_ERROR', field ? `${field}: ${issue.message}` : issue.message, field);
}
