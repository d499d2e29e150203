import { routes, urlFor, type ApiErrorBody, type ApiErrorExtras, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf, type RouteSpec } from '@taxli/domain';
import type { z } from 'zod';
import { appEvents, emitAppEvent } from './app-events';

/**
 * Why the server refused `field`: a code of the domain's FIELD_ERROR_CODES (or a newer one this
 * build does not know, hence a string) and its parameters, translated by `lib/field-error-text.ts`.
 */
export interface FieldRefusal {
  fieldCode: string;
  params: Record<string, string | number>;
}

/** An answer other than 2xx, or no answer at all (status 0, code NETWORK_ERROR). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly refusal?: FieldRefusal,
    /** What else the error body told (the sign-in tries left); absent when it did not. */
    readonly extras: ApiErrorExtras = {},
  ) {
    super(message);
  }
}

/** Paths whose 401 means "wrong code" or "not signed in yet", not "your session ran out". */
const NO_SESSION_PATHS = [routes.requestCode, routes.verifyCode, routes.quickRestore, routes.logout, routes.checkAuth].map((route) => route.path);

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A 401 here means "not signed in (yet)", not "your session ran out": no session-expired event. */
  signedOutIsExpected?: boolean;
  /** The request goes on after the page has gone (a save as the page is reloaded or closed). */
  keepalive?: boolean;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      // A JSON content type only when there is a body (part 1 §7).
      headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error occurred');
  }
  const text = await response.text();
  if (!response.ok) {
    const answer = { status: response.status, statusText: response.statusText, text };
    throw errorFromAnswer(path, answer, undefined, options.signedOutIsExpected);
  }
  if (!text) return undefined as T;
  const parsed = parseJson<T>(text);
  if (parsed === undefined) throw new ApiError(response.status, 'UNKNOWN_ERROR', 'Invalid JSON response from server');
  return parsed;
}

interface Answer {
  status: number;
  statusText: string;
  text: string;
}

/**
 * An answer other than 2xx as an ApiError, and the one place where a 401 becomes "your session has
 * ended" (the session-expired app event): every API answer that fails comes here, fetch's and the
 * upload's XMLHttpRequest alike. `fallback` names the error when the body does not.
 */
export function errorFromAnswer(
  path: string,
  { status, statusText, text }: Answer,
  fallback?: { code: string; message: string },
  signedOutIsExpected = false,
): ApiError {
  const parsed = parseJson<Partial<ApiErrorBody>>(text);
  const code = parsed?.error?.code ?? fallback?.code ?? (text ? 'HTTP_ERROR' : 'UNKNOWN_ERROR');
  const message = parsed?.error?.message ?? fallback?.message ?? `${status}: ${text || statusText}`;
  const sessionEnded = status === 401 && !signedOutIsExpected && !NO_SESSION_PATHS.some((p) => path.startsWith(p));
  if (sessionEnded) emitAppEvent(appEvents.sessionExpired);
  return new ApiError(status, code, message, parsed?.error?.field, refusalOf(parsed?.error), extrasOf(parsed?.error));
}

/** The extras a client understands, each only when it has the right type (older servers send none). */
function extrasOf(error: Partial<ApiErrorBody['error']> | undefined): ApiErrorExtras {
  const attemptsLeft = error?.attemptsLeft;
  return typeof attemptsLeft === 'number' && Number.isInteger(attemptsLeft) && attemptsLeft >= 0 ? { attemptsLeft } : {};
}

/** The field code and its parameters when the answer carries them (issue 25); older servers send none. */
function refusalOf(error: Partial<ApiErrorBody['error']> | undefined): FieldRefusal | undefined {
  if (typeof error?.fieldCode !== 'string') return undefined;
  const params = typeof error.params === 'object' && error.params !== null ? error.params : {};
  return { fieldCode: error.fieldCode, params };
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

type QueryValues<R extends RouteSpec> = { [K in keyof QueryOf<R>]?: string | number | boolean | undefined };

/**
 * What a call of `R` needs besides the transport options: its path parameters when it has any, its
 * query when it takes one, and its JSON body when it takes one (a multipart route goes through
 * upload-request.ts instead).
 */
export type CallInput<R extends RouteSpec> = Omit<RequestOptions, 'body'> &
  (R['params'] extends z.ZodType ? { params: ParamsOf<R> } : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: QueryValues<R> } : { query?: never }) &
  ([BodyOf<R>] extends [never] ? { body?: never } : { body: BodyOf<R> });

/**
 * Calls a route of the domain's route table, the web app's only way to the API: method and path come
 * from the table, the body and the answer are typed by it. The query keeps the order given and leaves
 * out undefined values.
 */
export function callApi<R extends RouteSpec>(route: R, ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]): Promise<ResponseOf<R>> {
  const { params, query, body, ...options } = (input ?? {}) as CallInput<RouteSpec> & { params?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined>; body?: unknown };
  return request<ResponseOf<R>>(route.method, urlFor(route, { params, query }), { ...options, body });
}
