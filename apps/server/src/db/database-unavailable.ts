import { DrizzleQueryError } from 'drizzle-orm';

/** The pool could not open a connection to the database (`database-pool.ts`); `cause` says why. */
export class DatabaseConnectionError extends Error {
  constructor(cause: Error) {
    super(`could not connect to the database: ${cause.message}`, { cause });
    this.name = 'DatabaseConnectionError';
  }
}

/**
 * Whether an error says the database could not be reached or did not answer (the server down,
 * restarting, or silent), as against a statement it refused. A socket's fault counts only as the
 * cause of a failed query (drizzle's wrapper, which prepared-lookup.ts uses too) or of a failed
 * connection (the pool's): a client that leaves mid-request also ends in ECONNRESET, and is no
 * database fault. PostgreSQL's own codes and node-postgres's words count wherever they are.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let fromQuery = false;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || SERVER_GOING_AWAY.has(code) || (fromQuery && NETWORK_CODES.has(code)))) return true;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
    fromQuery ||= current instanceof DrizzleQueryError || current instanceof DatabaseConnectionError;
  }
  return false;
}

/** The socket's own faults: refused, reset, timed out, no route, no such host. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE']);

/** SQLSTATE 57P01–57P03: the server is shutting down, crashed, or not yet accepting connections (class 08 is the connection's). */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);

/** node-postgres and pg-pool say these in words only, with no code. */
const DRIVER_MESSAGES = [
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
];
