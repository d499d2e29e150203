import type { z } from 'zod';

/** The HTTP methods the API uses. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call a route: anyone, a signed-in user (the default of the server's guard), an expert or
 * an administrator (D18: an admin may also act as an expert), or an administrator only.
 */
export type RouteAccess = 'public' | 'user' | 'expert' | 'admin';

/** A JSON body or query that the server checks against its schema before the handler runs. */
type Schema = z.ZodType;

/**
 * A JSON body the service checks itself, not the route: its rules need the server's clock (a date of
 * birth not in the future) or the service's own error shape. `schema` is the domain schema with the
 * system clock, which tells the web app what to send and the docs what is accepted.
 */
export interface ServiceCheckedBody<S extends Schema = Schema> {
  kind: 'service-checked';
  schema: S;
}

/** A multipart/form-data body (uploads), parsed part by part by the route as it streams. */
export interface MultipartBody {
  kind: 'multipart';
  /** What the form carries, for the docs. */
  fields: string;
}

export type RouteBody = Schema | ServiceCheckedBody | MultipartBody;

/**
 * A JSON answer. `schema`, where given, is what tests check each answer against; `T` types the web
 * app's call either way (the `type` property exists only for the compiler).
 */
export interface JsonAnswer<T = unknown> {
  kind: 'json';
  schema?: z.ZodType<T>;
  readonly type?: T;
}

/** An answer that is not JSON: a document, a PDF, a sound, a page. */
export interface FileAnswer {
  kind: 'file';
  contentType: string;
}

export type RouteAnswer = JsonAnswer | FileAnswer;

export interface RouteSpec {
  method: HttpMethod;
  /** Fastify's syntax: `:name` for a path parameter. */
  path: string;
  access: RouteAccess;
  /** One line for the endpoint list of docs/architecture.md. */
  summary: string;
  params?: Schema;
  query?: Schema;
  body?: RouteBody;
  response: RouteAnswer;
}

/** Keeps a route's literal method, path and schema types for the server's handler and the web's call. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

export function serviceChecked<S extends Schema>(schema: S): ServiceCheckedBody<S> {
  return { kind: 'service-checked', schema };
}

export function multipart(fields: string): MultipartBody {
  return { kind: 'multipart', fields };
}

/** A JSON answer typed `T`; with `schema`, checked in tests. */
export function json<T>(schema?: z.ZodType<T>): JsonAnswer<T> {
  return schema ? { kind: 'json', schema } : { kind: 'json' };
}

export function file(contentType: string): FileAnswer {
  return { kind: 'file', contentType };
}

/** What a JSON answer of the route carries (unknown for a file). */
export type ResponseOf<R extends RouteSpec> = R['response'] extends JsonAnswer<infer T> ? T : unknown;

/** The JSON body the route accepts, as the caller writes it (never for multipart). */
export type BodyOf<R extends RouteSpec> = R['body'] extends ServiceCheckedBody<infer S>
  ? z.input<S>
  : R['body'] extends Schema
    ? z.input<R['body']>
    : never;

export type QueryOf<R extends RouteSpec> = R['query'] extends Schema ? z.input<R['query']> : never;

/** The path parameters by name, as text or number (they are put into the path as text). */
export type ParamsOf<R extends RouteSpec> = R['params'] extends Schema ? { [K in keyof z.input<R['params']>]: string | number } : never;

/** The route's path with its `:name` parameters filled in, each URL-encoded. */
export function pathFor(route: Pick<RouteSpec, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * `?a=1&b=2` of the given values in their order, leaving out the undefined ones; '' when none is
 * left. Each name and value is encoded with encodeURIComponent (a space is %20).
 */
export function queryString(query: Record<string, string | number | boolean | undefined> = {}): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The whole URL of a call: the path with its parameters and the query (for links and `<audio src>`). */
export function urlFor(
  route: Pick<RouteSpec, 'path'>,
  { params, query }: { params?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined> } = {},
): string {
  return pathFor(route, params) + queryString(query);
}

/** The body's schema when the route itself checks it (not when the service does, nor for multipart). */
export function routeCheckedBody(body: RouteBody | undefined): z.ZodType | undefined {
  if (body === undefined) return undefined;
  const kind = (body as { kind?: unknown }).kind;
  return kind === 'service-checked' || kind === 'multipart' ? undefined : (body as z.ZodType);
}
