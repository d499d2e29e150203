import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** GET /api/health for a load balancer: ok only when the database answers. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { ok: true, database: 'ok' };
    } catch (error) {
      request.log.error({ err: error instanceof Error ? error.name : 'unknown' }, 'health check: database unreachable');
      return reply.status(503).send({ ok: false, database: 'unreachable' });
    }
  });
};
