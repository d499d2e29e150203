import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { FileRecord, UploadResponse } from '@taxli/domain';
import { TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { useFakeS3 } from '../../test/fake-s3.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, sha256, uploadParts, type Part } from '../../test/multipart.js';

// The documents API with S3-compatible storage, configured as in production (S3_BUCKET,
// S3_ENDPOINT, S3_REGION and the AWS_* credential variables), against s3rver on loopback.
const YEAR = 2025;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('Kontoauszug 2025 Beat Beispiel IBAN CH93 0076 2011 6238 5295 7 '.repeat(30_000))]);

const s3 = useFakeS3();

/** Every object body s3rver keeps (its `.object` files), to count them and look into them. */
function storedObjects(): Buffer[] {
  return readdirSync(s3.directory(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
}

describe('documents API on S3-compatible storage', () => {
  const ctx = useTestApp('pglite', s3.config);
  const upload = (cookie: string, parts: Part[]) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie } });
  };

  it('stores the upload encrypted in the bucket, serves it back, and keeps nothing for refused or repeated files', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const before = storedObjects().length;

    const stored = await upload(anna.cookie, uploadParts(1, YEAR, [{ filename: 'Kontoauszug.pdf', data: PDF }]));
    expect(stored.statusCode).toBe(200);
    expect(stored.json<UploadResponse>().failedCount).toBe(0);
    const objects = storedObjects();
    expect(objects).toHaveLength(before + 1);
    const object = objects.find((body) => body.length > PDF.length)!;
    for (let at = 0; at + 32 <= PDF.length; at += 4099) expect(object.includes(PDF.subarray(at, at + 32))).toBe(false);

    const [file] = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: anna.cookie })).json<FileRecord[]>();
    const download = await get(ctx.app, file!.blobUrl, { cookie: anna.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // The same bytes again, and a file whose hash does not match: no object is left for either.
    const repeated = await upload(anna.cookie, uploadParts(1, YEAR, [{ filename: 'Kontoauszug.pdf', data: PDF }]));
    expect(repeated.json<UploadResponse>().files[0]).toMatchObject({ status: 'fulfilled', value: { isNewVersion: false } });
    const mismatch = await upload(anna.cookie, [
      { name: 'categoryId', value: '1' },
      { name: 'taxYear', value: String(YEAR) },
      { name: 'hashes[]', value: sha256(Buffer.from('another file')) },
      { name: 'files', filename: 'Anderes.pdf', data: PDF },
    ]);
    expect(mismatch.json<UploadResponse>()).toMatchObject({ failedCount: 1, files: [{ status: 'rejected', reason: 'Upload verification failed' }] });
    expect(storedObjects()).toHaveLength(before + 1);
  });

  it('deleting a document removes its object from the bucket', async () => {
    const beat = await signIn(ctx, 'beat@example.ch');
    const stored = await upload(beat.cookie, uploadParts(2, YEAR, [{ filename: 'Police.pdf', data: PDF }]));
    const [result] = stored.json<UploadResponse>().files;
    const before = storedObjects().length;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/files/${result?.status === 'fulfilled' ? result.value.fileId : 0}`,
      headers: { origin: TEST_ORIGIN, cookie: beat.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(storedObjects()).toHaveLength(before - 1);
  });

  it('answers 503 STORAGE_UNAVAILABLE when the bucket refuses the write, on both routes, and keeps no object and no row', async () => {
    const carla = await signIn(ctx, 'carla@example.ch');
    const before = storedObjects().length;
    // Keys the bucket does not know: every S3 call is refused (InvalidAccessKeyId), as with revoked credentials.
    const keys = process.env.AWS_ACCESS_KEY_ID;
    process.env.AWS_ACCESS_KEY_ID = 'REVOKED';
    onTestFinished(() => {
      process.env.AWS_ACCESS_KEY_ID = keys;
    });
    await ctx.rebuild();
    const small = Buffer.from('%PDF-1.7 Kontoauszug');
    const answers = [
      await upload(carla.cookie, uploadParts(1, YEAR, [{ filename: 'Kontoauszug.pdf', data: small }])),
      await upload(carla.cookie, uploadParts(1, YEAR, [{ filename: 'Gross.pdf', data: PDF }])),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/upload',
        ...(() => {
          const { payload, contentType } = multipart([
            { name: 'categoryId', value: '10' },
            { name: 'taxYear', value: String(YEAR) },
            { name: 'hashes', value: JSON.stringify([sha256(small)]) },
            { name: 'files', filename: 'Depot.pdf', data: small },
          ]);
          return { payload, headers: { origin: TEST_ORIGIN, cookie: carla.cookie, 'content-type': contentType } };
        })(),
      }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().error?.code])).toEqual(Array(3).fill([503, 'STORAGE_UNAVAILABLE']));
    expect(storedObjects()).toHaveLength(before);
    expect((await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: carla.cookie })).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ ok: false, blobStore: 'unreachable' });
  });
});
