import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { CapturingMailer, drivers, testConfig, useTestApp } from '../../test/build-test-app.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';

const healthy = { ok: true, status: 'ok', database: 'ok', blobStore: 'ok' };

/** An app on its own PGlite and data directory, for tests that break one of them. */
async function standaloneApp(overrides: Partial<Config> = {}) {
  const database = await openDatabase(undefined, 'memory://');
  const dataDir = temporaryDirectory('taxli-health');
  const app = await buildApp({ config: testConfig({ dataDir, ...overrides }), database, mailer: new CapturingMailer(), logger: false });
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
    expect(response.json()).toEqual(healthy);
  });
});

describe('GET /api/health when a part is down', () => {
  it('answers 503 naming the database when it does not answer, and nothing more', async () => {
    const { database, health, close } = await standaloneApp();
    await database.close();
    const response = await health();
    await close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, status: 'degraded', database: 'unreachable', blobStore: 'ok' });
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
