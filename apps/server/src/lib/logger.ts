import { safeError, safeErrorText } from './safe-error.js';

interface LoggedRequest {
  id?: string;
  method: string;
  url: string;
  /** Fastify's request: the route as registered ('/api/files/:id'), absent when no route matched. */
  routeOptions?: { url?: string };
}

/** An error under `err` or `error` goes through the one redaction, and so does an error's text logged there. */
const redactedError = (value: unknown): unknown => (value instanceof Error ? safeError(value) : typeof value === 'string' ? safeErrorText(value) : value);

/**
 * Every call of every logger (the app's, each request's, Fastify's own) passes here before pino
 * writes it, so no error reaches the log without `safeError`, wherever it is logged and under
 * whatever key: an Error as the first argument, an Error as any top-level value of the merging
 * object, and text messages (masked like error messages). Pino would otherwise take an error's raw
 * message as the line's message when none is given.
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const merged = first instanceof Error ? { err: first } : first;
  const object =
    merged !== null && typeof merged === 'object' && !Array.isArray(merged)
      ? Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, value instanceof Error ? safeError(value) : value]))
      : typeof merged === 'string'
        ? safeErrorText(merged)
        : merged;
  return [object, ...rest.map((value) => (typeof value === 'string' ? safeErrorText(value) : value))];
}

/**
 * Pino options for the server. Request logs carry id, method, route and status only: the route as
 * registered ('/api/files/:id', '(no route)' for a path that matches none), so neither ids nor
 * whatever a client put into a path reach the log;
 * no headers (cookies), no query strings (they may hold searched addresses), no bodies, no client
 * addresses. Errors are redacted by `redactLogArguments` and the serializers, both through `safeError`.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): object {
  return {
    level,
    ...(stream ? { stream } : {}),
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(this, redactLogArguments(args));
      },
    },
    serializers: {
      req: (req: LoggedRequest) => ({
        id: req.id,
        method: req.method,
        url: req.routeOptions?.url ?? '(no route)',
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: redactedError,
      error: redactedError,
    },
  };
}
