import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeCheckedBody, type ResponseOf, type RouteSpec } from '@taxli/domain';

/** The app as the zod type provider types it (what FastifyPluginAsyncZod hands a plugin). */
export type ZodApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

type ZodOrUndefined<S> = S extends z.ZodType ? S : undefined;

/** The Fastify schema of a table route: params, query and a JSON body the route checks (not a service-checked or multipart one). */
interface SchemaOf<R extends RouteSpec> {
  params: ZodOrUndefined<R['params']>;
  querystring: ZodOrUndefined<R['query']>;
  body: ZodOrUndefined<R['body']>;
}

export type TableRequest<R extends RouteSpec> = FastifyRequest<RouteGenericInterface, RawServerDefault, IncomingMessage, SchemaOf<R>, ZodTypeProvider>;

/**
 * A route's handler: it answers the table's JSON type, or sends through `reply` itself (a file, a
 * status other than 200, headers).
 */
export type TableHandler<R extends RouteSpec> = (request: TableRequest<R>, reply: FastifyReply) => Promise<ResponseOf<R> | FastifyReply>;

export interface RouteExtras {
  /** A poll that must not count as activity (idle timeout). */
  backgroundPoll?: boolean;
  onRequest?: onRequestHookHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry the route was registered from (the response check in tests reads its schema). */
    tableRoute?: RouteSpec;
  }
}

/**
 * Registers `route` of the domain's route table: method, path, access and schemas come only from the
 * table. A body the service checks (with the server's clock) or a multipart one is not given to
 * Fastify, so the route receives it as sent, as before.
 */
export function registerRoute<R extends RouteSpec>(app: ZodApp, route: R, handler: TableHandler<R>, extras: RouteExtras = {}): void {
  const body = routeCheckedBody(route.body);
  app.route({
    method: route.method,
    url: route.path,
    config: { access: route.access, tableRoute: route, ...(extras.backgroundPoll ? { backgroundPoll: true } : {}) },
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(body ? { body } : {}),
    },
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
