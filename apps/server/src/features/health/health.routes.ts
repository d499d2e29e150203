import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { BlobStore } from '../../storage/blob-store.js';

type Part = 'ok' | 'unreachable';

/** How long each part may take to answer before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 5000;

/** Resolves 'ok' when `check` does in time, else 'unreachable' (logged without details: no address, no secret). */
async function probe(name: string, check: () => Promise<unknown>, log: { error(o: object, m: string): void }): Promise<Part> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch (error) {
    log.error({ part: name, err: error instanceof Error ? error.name : 'unknown' }, `health check: ${name} unreachable`);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health for a load balancer: 200 only when both the database answers a query and the blob
 * store can take documents, else 503 naming which part is down (`ok` and `database` as before).
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database; blobs: BlobStore }> = async (app, { database, blobs }) => {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    const [databasePart, blobStorePart] = await Promise.all([
      probe('database', () => database.db.execute(sql`select 1`), request.log),
      probe('blob store', () => blobs.check(), request.log),
    ]);
    const ok = databasePart === 'ok' && blobStorePart === 'ok';
    return reply.status(ok ? 200 : 503).send({ ok, status: ok ? 'ok' : 'degraded', database: databasePart, blobStore: blobStorePart });
  });
};
