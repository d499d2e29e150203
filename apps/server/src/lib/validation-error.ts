import type { z } from 'zod';
import { fieldErrorOf, type FieldErrorCode, type FieldErrorParams } from '@taxli/domain';
import { AppError } from './app-error.js';

interface Options {
  /** Path segments that group fields but are no field of the client's (the wizard's `personal`, `answers`). */
  drop?: readonly string[];
  /** Name only the first segments (an upload's `hashes`, not `hashes.0`). */
  depth?: number;
  /** What was parsed, so that a field sent empty is told apart from one sent wrong (REQUIRED or WRONG_TYPE). */
  input?: unknown;
}

/**
 * A zod failure of a body the service checks itself, as the API's 400: `{field}: {message}` naming
 * the first problem, with its `fieldCode` and `params`, the same shape the errors plugin gives for
 * route schemas.
 */
export function validationError(error: z.ZodError, { drop = [], depth, input }: Options = {}): AppError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).filter((segment) => !drop.includes(segment)).slice(0, depth);
  const field = path.join('.') || undefined;
  const message = field ? `${field}: ${issue.message}` : issue.message;
  return new AppError(400, 'VALIDATION_ERROR', message, field, undefined, fieldErrorOf(issue, input));
}

/** A refusal of one field by a rule of the service (not a schema), with the code the client translates. */
export function fieldRefusal(field: string, message: string, fieldCode: FieldErrorCode, params: FieldErrorParams = {}): AppError {
  return new AppError(400, 'VALIDATION_ERROR', `${field}: ${message}`, field, undefined, { fieldCode, params });
}
