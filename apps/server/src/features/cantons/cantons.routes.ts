import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cantonsJson, routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';

/** GET /cantons/cantons.json (part 2 §7): the 26 cantons with name, code and coat of arms, built from the domain's list. */
export const cantonRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = JSON.stringify(cantonsJson());
  registerRoute(app, routes.cantons, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
};
