import type { FastifyPluginAsync } from 'fastify';
import { cantonsJson } from '@taxli/domain';

/** GET /cantons/cantons.json (part 2 §7): the 26 cantons with name, code and coat of arms, built from the domain's list. */
export const cantonRoutes: FastifyPluginAsync = async (app) => {
  const body = JSON.stringify(cantonsJson());
  app.get('/cantons/cantons.json', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
};
