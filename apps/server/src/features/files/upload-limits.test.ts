import { existsSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CONCURRENT_UPLOADS, type FileRecord } from '@taxli/domain';
import { documentVersions } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, streamedUpload, uploadParts, type Part } from '../../test/multipart.js';
import { openRequest, type OpenRequest } from '../../test/raw-http.js';

// Uploads over real HTTP that stall, trickle or vanish (docs/architecture.md, "Time-outs and limits"): the idle limit and the
// per-account limit of uploads running at once.
const YEAR = 2025;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x20)]);
const IDLE_MS = 600;
const blobDir = join(TEST_DATA_DIR, 'blobs');
const blobFiles = () => (existsSync(blobDir) ? readdirSync(blobDir) : []);
const partials = () => blobFiles().filter((name) => name.endsWith('.partial'));

describe.each(drivers)('upload limits (%s)', (driver) => {
  const ctx = useTestApp(driver, { bodyIdleTimeoutMs: IDLE_MS });
  beforeEach(() => {
    for (const file of blobFiles()) rmSync(join(blobDir, file), { force: true });
  });

  async function listen(): Promise<number> {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return (ctx.app.server.address() as AddressInfo).port;
  }

  /** An upload of a 1 MB PDF whose head and first 256 KB are sent; the rest is up to the test. */
  function startUpload(port: number, cookie: string, path = '/api/files/upload'): OpenRequest & { rest: Buffer } {
    const fileBytes = 1024 * 1024;
    const parts: Part[] = [
      { name: 'categoryId', value: '5' },
      { name: 'taxYear', value: String(YEAR) },
      { name: 'hashes', value: 'a'.repeat(64) },
      { name: 'file', filename: 'Lohnausweis.pdf', data: Buffer.alloc(0) },
    ];
    const { opening, closing, contentType, contentLength } = streamedUpload(parts, fileBytes);
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(fileBytes - 9, 0x41)]);
    const first = 256 * 1024;
    const request = openRequest(port, {
      path,
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType, 'content-length': contentLength, connection: 'close' },
      body: Buffer.concat([opening, file.subarray(0, first)]),
    });
    return { ...request, rest: Buffer.concat([file.subarray(first), closing]) };
  }

  const uploadInject = (cookie: string, url = '/api/files/upload', parts: Part[] = uploadParts(5, YEAR, [{ filename: 'lohn.pdf', data: PDF }])) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  };
  const versionCount = async () => (await ctx.database.db.select().from(documentVersions)).length;

  describe('an upload that stops sending', () => {
    it.each(['/api/files/upload', '/api/upload'])(
      '%s: closed after the idle limit, its partial file removed, no blob, no row, and the server answers others',
      async (path) => {
        const anna = await signIn(ctx, 'anna@example.ch');
        const port = await listen();
        const upload = startUpload(port, anna.cookie, path);
        await vi.waitFor(() => expect(partials()).toHaveLength(1), { timeout: 10_000 });

        // Nothing more is sent: the server closes the connection without an answer.
        expect(await upload.closed).toEqual({ status: undefined });
        await vi.waitFor(() => expect(ctx.app.services.files.uploadsRunning(anna.user.id)).toBe(0), { timeout: 10_000 });
        expect(blobFiles()).toEqual([]);
        expect(await versionCount()).toBe(0);

        const answer = await fetch(`http://127.0.0.1:${port}/api/files?taxYear=${YEAR}`, { headers: { cookie: anna.cookie } });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual([]);
        expect(ctx.logs.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
      },
    );

    it('goes through when it keeps sending, however slowly: the limit is on silence, not on the whole upload', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      const port = await listen();
      // The real hash of the whole file, so the upload is stored.
      const fileBytes = 64 * 1024;
      const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(fileBytes - 9, 0x42)]);
      const { createHash } = await import('node:crypto');
      const parts: Part[] = [
        { name: 'categoryId', value: '5' },
        { name: 'taxYear', value: String(YEAR) },
        { name: 'hashes[]', value: createHash('sha256').update(file).digest('hex') },
        { name: 'files', filename: 'slow.pdf', data: Buffer.alloc(0) },
      ];
      const { opening, closing, contentType, contentLength } = streamedUpload(parts, fileBytes);
      const upload = openRequest(port, {
        path: '/api/files/upload',
        headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': contentType, 'content-length': contentLength, connection: 'close' },
        body: opening,
      });
      // Eight pieces, each after half the idle limit: four times the limit in all.
      const pieces = 8;
      for (let at = 0; at < pieces; at++) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
        upload.write(file.subarray((at * fileBytes) / pieces, ((at + 1) * fileBytes) / pieces));
      }
      upload.write(closing);
      expect(await upload.closed).toEqual({ status: 200 });
      const files = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: anna.cookie })).json<FileRecord[]>();
      expect(files.map((f) => f.name)).toEqual(['slow.pdf']);
    });
  });

  describe('uploads running at once per account', () => {
    it(`refuses a fifth while ${MAX_CONCURRENT_UPLOADS} are running (429 TOO_MANY_UPLOADS), not another account's, and frees a slot when a client goes away`, async () => {
      await ctx.rebuild({ bodyIdleTimeoutMs: 30_000 });
      const anna = await signIn(ctx, 'anna@example.ch');
      const beat = await signIn(ctx, 'beat@example.ch');
      const port = await listen();
      const running = Array.from({ length: MAX_CONCURRENT_UPLOADS }, () => startUpload(port, anna.cookie));
      await vi.waitFor(() => expect(partials()).toHaveLength(MAX_CONCURRENT_UPLOADS), { timeout: 10_000 });

      for (const url of ['/api/files/upload', '/api/upload']) {
        const refused = await uploadInject(anna.cookie, url);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: { code: 'TOO_MANY_UPLOADS', message: expect.stringContaining('4 uploads'), field: 'files' } });
      }
      // Over real HTTP, with a body far larger than the socket's buffers: answered at once, nothing of it stored.
      const big = multipart(uploadParts(5, YEAR, [{ filename: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024, 0x20)]) }]));
      const overHttp = await fetch(`http://127.0.0.1:${port}/api/files/upload`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': big.contentType },
        body: new Uint8Array(big.payload),
      });
      expect(overHttp.status).toBe(429);
      expect(((await overHttp.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_UPLOADS');
      expect(partials()).toHaveLength(MAX_CONCURRENT_UPLOADS);
      expect((await uploadInject(beat.cookie)).statusCode).toBe(200);

      // One client goes away mid-body: its slot comes back, its partial file goes.
      running[0]!.abort();
      await vi.waitFor(() => expect(ctx.app.services.files.uploadsRunning(anna.user.id)).toBe(MAX_CONCURRENT_UPLOADS - 1), { timeout: 10_000 });
      expect((await uploadInject(anna.cookie)).statusCode).toBe(200);

      // The others finish: each answered, every slot free, no partial file left.
      for (const upload of running.slice(1)) upload.write(upload.rest);
      for (const upload of running.slice(1)) expect((await upload.closed).status).toBe(200);
      await vi.waitFor(() => expect(ctx.app.services.files.uploadsRunning(anna.user.id)).toBe(0), { timeout: 10_000 });
      expect(partials()).toEqual([]);
    });

    it('frees the slot on success, on a refused file, on a malformed body and on a failing store', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      const slots = () => ctx.app.services.files.uploadsRunning(anna.user.id);

      expect((await uploadInject(anna.cookie)).statusCode).toBe(200);
      expect(slots()).toBe(0);

      const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
      const refused = await uploadInject(anna.cookie, '/api/upload', uploadParts(5, YEAR, [{ filename: 'tool.pdf', data: executable }]));
      expect(refused.statusCode).toBe(415);
      expect(slots()).toBe(0);

      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload: '--x\r\nContent-Disposition: form-data; name="taxYear"\r\n\r\n2025\r\n',
        headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(slots()).toBe(0);

      const blobs = ctx.app.deps.blobs;
      const put = blobs.put;
      blobs.put = () => Promise.reject(new Error('the store is down')); // a fault of the store: 503 STORAGE_UNAVAILABLE
      try {
        expect((await uploadInject(anna.cookie, '/api/files/upload', uploadParts(5, YEAR, [{ filename: 'b.pdf', data: PDF }]))).statusCode).toBe(503);
      } finally {
        blobs.put = put;
      }
      expect(slots()).toBe(0);

      // After all of these, four at once are still allowed.
      const answers = await Promise.all(
        Array.from({ length: MAX_CONCURRENT_UPLOADS }, (_, n) =>
          uploadInject(anna.cookie, '/api/files/upload', uploadParts(5, YEAR, [{ filename: `at-once-${n}.pdf`, data: Buffer.concat([PDF, Buffer.from(String(n))]) }])),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    });
  });
});
