import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
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
    // The errno (EROFS, ENOSPC...) tells an operator what to fix and names nothing of a person.
    const code = (error as { code?: unknown }).code;
    log.error(
      { part: name, err: error instanceof Error ? error.name : 'unknown', ...(typeof code === 'string' ? { code } : {}) },
      `health check: ${name} unreachable`,
    );
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** The blob store's free space as the health body shows it; none when the store tells none (S3) or cannot now. */
async function freeSpaceFields(blobs: BlobStore): Promise<{ blobStoreFreeBytes?: number; blobStoreFreeInodes?: number }> {
  const space = await blobs.freeSpace().catch(() => undefined);
  if (!space) return {};
  return space.inodes === undefined ? { blobStoreFreeBytes: space.bytes } : { blobStoreFreeBytes: space.bytes, blobStoreFreeInodes: space.inodes };
}

/**
 * GET /api/health for a load balancer: 200 only when both the database answers a query and the blob
 * store can take documents (a probe written and removed), else 503 naming which part is down (`ok`
 * and `database` as before). The local store's free bytes and inodes come with it, for an operator
 * to see a disk filling before it is full.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; blobs: BlobStore }> = async (app, { database, blobs }) => {
  registerRoute(app, routes.health, async (request, reply) => {
    const [databasePart, blobStorePart, space] = await Promise.all([
      probe('database', () => database.db.execute(sql`select 1`), request.log),
      probe('blob store', () => blobs.check(), request.log),
      freeSpaceFields(blobs),
    ]);
    const ok = databasePart === 'ok' && blobStorePart === 'ok';
    return reply
      .status(ok ? 200 : 503)
      .send({ ok, status: ok ? 'ok' : 'degraded', database: databasePart, blobStore: blobStorePart, ...space });
  });
};
