import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';
import { useFakeS3 } from '../../test/fake-s3.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { SWEEP_GRACE_MS } from './blob-sweep.js';

// The sweep of what crashes leave in the blob store (docs/architecture.md, "Documents and the tax-status flow"), on both stores.
const YEAR = 2025;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x20)]);
const newKey = () => randomBytes(24).toString('base64url');

/** Uploads a document through the API and answers the key of its blob (a row names it). */
async function uploadedKey(ctx: TestContext): Promise<string> {
  const anna = await signIn(ctx, 'anna@example.ch');
  const { payload, contentType } = multipart(uploadParts(5, YEAR, [{ filename: 'Lohnausweis.pdf', data: PDF }]));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': contentType } });
  expect(response.statusCode).toBe(200);
  const [row] = await ctx.database.db.select({ key: documentVersions.storageKey }).from(documentVersions);
  return row!.key;
}

async function listedKeys(ctx: TestContext): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of ctx.app.deps.blobs.list()) keys.push(blob.key);
  return keys.sort();
}

describe.each(drivers)('blob sweep, local directory (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const blobDir = join(TEST_DATA_DIR, 'blobs');
  beforeEach(() => {
    for (const file of readdirSync(blobDir)) rmSync(join(blobDir, file), { force: true });
  });
  /** A file in the blob directory, last written `ageMs` ago. */
  const plant = (name: string, ageMs: number) => {
    const path = join(blobDir, name);
    writeFileSync(path, randomBytes(200));
    const at = new Date(Date.now() - ageMs);
    utimesSync(path, at, at);
    return path;
  };

  it('removes old unreferenced blobs and old partial files; keeps every referenced blob and anything younger than the grace period', async () => {
    const referenced = await uploadedKey(ctx);
    const old = SWEEP_GRACE_MS + 10 * 60_000;
    utimesSync(join(blobDir, referenced), new Date(Date.now() - old), new Date(Date.now() - old));
    const orphan = plant(newKey(), old);
    // Its row may be about to be written: an upload records its rows only once all its files are in.
    const youngOrphan = plant(newKey(), SWEEP_GRACE_MS - 10 * 60_000);
    const deadPartial = plant(`${newKey()}.partial`, old);
    // Older than the idle limit many times over, yet a slow upload may still be filling it.
    const livePartial = plant(`${newKey()}.partial`, SWEEP_GRACE_MS - 10 * 60_000);

    expect(await ctx.app.services.blobSweep.sweep()).toEqual({ incomplete: 1, unreferenced: 1 });
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(deadPartial)).toBe(false);
    expect(existsSync(join(blobDir, referenced))).toBe(true);
    expect(existsSync(youngOrphan)).toBe(true);
    expect(existsSync(livePartial)).toBe(true);
  });

  it('sweeps in batches: many orphans go, the referenced blob among them stays', async () => {
    const referenced = await uploadedKey(ctx);
    const old = SWEEP_GRACE_MS + 60_000;
    utimesSync(join(blobDir, referenced), new Date(Date.now() - old), new Date(Date.now() - old));
    for (let n = 0; n < 1200; n++) plant(newKey(), old);
    expect(await ctx.app.services.blobSweep.sweep()).toEqual({ incomplete: 0, unreferenced: 1200 });
    expect(await listedKeys(ctx)).toEqual([referenced]);
  });
});

describe('blob sweep, S3-compatible storage (s3rver on loopback)', () => {
  const s3 = useFakeS3();
  const ctx = useTestApp('pglite', s3.config);

  it('keeps unreferenced objects within the grace period, then removes them; never a referenced one', async () => {
    const referenced = await uploadedKey(ctx);
    const orphan = newKey();
    await ctx.app.deps.blobs.put(orphan, Readable.from([randomBytes(200)]));
    expect(await listedKeys(ctx)).toEqual([referenced, orphan].sort());

    // Now both are young: nothing goes.
    expect(await ctx.app.services.blobSweep.sweep()).toEqual({ incomplete: 0, unreferenced: 0 });
    expect(await listedKeys(ctx)).toEqual([referenced, orphan].sort());

    // Once the grace period has passed, the orphan goes and the referenced object stays.
    expect(await ctx.app.services.blobSweep.sweep(Date.now() + SWEEP_GRACE_MS + 60_000)).toEqual({ incomplete: 0, unreferenced: 1 });
    expect(await listedKeys(ctx)).toEqual([referenced]);
  });
});
