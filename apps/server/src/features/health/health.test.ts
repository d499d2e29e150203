import { readdirSync, rmSync } from 'node:fs';
import { open, rename, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { CapturingMailer, drivers, testConfig, useTestApp } from '../../test/build-test-app.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { createLocalBlobStore } from '../../storage/local-blob-store.js';

/** The objects s3rver keeps (its `._S3rver_object` files). */
const s3ObjectCount = (directory: string) =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('._S3rver_object')).length;

const healthy = { ok: true, status: 'ok', database: 'ok', blobStore: 'ok' };
/** The local store adds what is free on its disk (issue 26); S3 tells none. */
const freeSpace = { blobStoreFreeBytes: expect.any(Number), blobStoreFreeInodes: expect.any(Number) };

/** An app on its own PGlite and data directory, for tests that break one of them. */
async function standaloneApp(overrides: Partial<Config> = {}, blobs?: BlobStore) {
  const database = await openDatabase(undefined, 'memory://');
  const dataDir = temporaryDirectory('taxli-health');
  const app = await buildApp({ config: testConfig({ dataDir, ...overrides }), database, mailer: new CapturingMailer(), logger: false, blobs });
  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  const close = async () => {
    await app.close();
    await database.close().catch(() => undefined);
  };
  return { app, database, dataDir, health, close };
}

describe.each(drivers)('GET /api/health (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('answers ok without a session when the database and the blob store answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...healthy, ...freeSpace });
  });
});

describe('GET /api/health when a part is down', () => {
  it('answers 503 naming the database when it does not answer, and nothing more', async () => {
    const { database, health, close } = await standaloneApp();
    await database.close();
    const response = await health();
    await close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, status: 'degraded', database: 'unreachable', blobStore: 'ok', ...freeSpace });
  });

  it('answers 503 naming the blob store when a file cannot be created in its folder, though the folder is there and looks writable', async () => {
    // What a folder owned by another user, or a file system with no inode left, answers to open().
    const blobDir = temporaryDirectory('taxli-health-blobs');
    let refusing: 'EACCES' | 'ENOSPC' | undefined;
    const blobs = await createLocalBlobStore(blobDir, {
      open: async (path, flags, mode) => {
        if (refusing && flags !== 'r') throw Object.assign(new Error(`${refusing}: open`), { code: refusing, syscall: 'open' });
        return open(path, flags, mode);
      },
      rename,
    });
    const { health, close } = await standaloneApp({}, blobs);
    try {
      expect((await health()).statusCode).toBe(200);
      for (const errno of ['EACCES', 'ENOSPC'] as const) {
        refusing = errno;
        const down = await health();
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ ok: false, status: 'degraded', database: 'ok', blobStore: 'unreachable', ...freeSpace });
      }
      refusing = undefined;
      expect((await health()).statusCode).toBe(200);
      expect(readdirSync(blobDir)).toEqual([]); // every probe removed again
    } finally {
      await close();
    }
  });

  it('reports the free bytes and inodes of the blob folder\'s file system as statfs gives them', async () => {
    const { dataDir, health, close } = await standaloneApp();
    const body = (await health()).json<{ blobStoreFreeBytes: number; blobStoreFreeInodes: number }>();
    const seen = await statfs(join(dataDir, 'blobs'));
    await close();
    // Other processes write to the same disk meanwhile: within 64 MB and 1000 files.
    expect(Math.abs(body.blobStoreFreeBytes - seen.bavail * seen.bsize)).toBeLessThan(64 * 1024 * 1024);
    expect(Math.abs(body.blobStoreFreeInodes - seen.ffree)).toBeLessThan(1000);
  });

  it('answers 503 naming the blob store when its directory is gone', async () => {
    const { dataDir, health, close } = await standaloneApp();
    expect((await health()).statusCode).toBe(200);
    rmSync(join(dataDir, 'blobs'), { recursive: true, force: true });
    const response = await health();
    await close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, status: 'degraded', database: 'ok', blobStore: 'unreachable' });
  });

  it('answers 503 naming the blob store when the S3 endpoint does not answer', async () => {
    const s3 = await startFakeS3();
    const { health, close } = await standaloneApp({ s3: s3.settings });
    try {
      const up = await health();
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual(healthy);
      expect(s3ObjectCount(s3.directory)).toBe(0); // the probe object is deleted again
      await s3.close();
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ ok: false, status: 'degraded', database: 'ok', blobStore: 'unreachable' });
    } finally {
      await close();
      await s3.close();
    }
  });
});
