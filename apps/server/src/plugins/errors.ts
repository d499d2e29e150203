import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { fieldErrorOf, type ApiErrorBody, type ApiErrorExtras, type ErrorCode, type FieldError } from '@taxli/domain';
import { AppError } from '../lib/app-error.js';
import { STORED_DATA_MESSAGE, StoredDataError } from '../db/stored-json.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';

/** How long a client waits before it sends a request again that met an unreachable database. */
const DATABASE_RETRY_AFTER_SECONDS = 30;

/** `fieldCode` and `params` go with a `field` only: they say why that field was refused. */
function body(code: ErrorCode, message: string, field?: string, fieldError?: FieldError, extras?: ApiErrorExtras): ApiErrorBody {
  return { error: field ? { code, message, field, ...fieldError, ...extras } : { code, message, ...extras } };
}

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The answer for a path that does not exist; also for routes that must not reveal they exist. */
export function notFoundError(request: FastifyRequest): AppError {
  return new AppError(404, 'NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
}

/**
 * Fastify's own refusals before any route is chosen (its `frameworkErrors` option): a path that is
 * not valid percent-encoding, a path parameter over 100 characters. Answered in the app's error
 * shape, without echoing the path as Fastify's default answer does.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(body('BAD_REQUEST', 'The address is not valid: it holds a percent sign that encodes no character'));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(body('BAD_REQUEST', 'A part of the address is too long'));
  } else {
    request.log.error({ err: error }, 'request failed');
    reply.status(500).send(body('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  }
}

/**
 * The field error of a route schema's refusal: fastify-type-provider-zod hands zod's issue over
 * as `keyword` (its code), `instancePath` and `params` (everything else it had), put back together here.
 */
function routeFieldError(issue: ZodFastifySchemaValidationError, input: unknown): FieldError {
  // '/a/0' names a.0; '/' the whole part, no segment.
  const path = issue.instancePath === '/' ? [] : issue.instancePath.split('/').slice(1);
  const zodIssue = { ...issue.params, code: issue.keyword, path, message: issue.message } as unknown as Parameters<typeof fieldErrorOf>[0];
  return fieldErrorOf(zodIssue, input);
}

/** The part of the request a route schema refused (its body, query string, path parameters or headers). */
function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

/** Every error leaves as `{ error: { code, message } }`; no stack trace ever leaves the server. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoredDataError) {
      // Its message names the table, the row and the field for the operator; the client learns only that.
      request.log.error({ err: error }, 'stored data could not be read');
      return reply.status(500).send(body(error.code, STORED_DATA_MESSAGE));
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.field, error.fieldError, error.extras));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = issue?.message ?? 'Invalid input';
      const fieldError = issue ? routeFieldError(issue, requestPart(request, error.validationContext)) : undefined;
      return reply
        .status(400)
        .send(body('VALIDATION_ERROR', field ? `${field}: ${message}` : message, field, fieldError));
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault and not a bug: the client may send it again once the database is back.
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body('DATABASE_UNAVAILABLE', 'The database did not answer; try again shortly'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The logger redacts it (lib/logger.ts → safeError), as every error that reaches the log.
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
    }
    const code = statusCodes[status] ?? 'BAD_REQUEST';
    return reply.status(status).send(body(code, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = notFoundError(request);
    reply.status(404).send(body(error.code, error.message));
  });
}
