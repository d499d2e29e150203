import { existsSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FileRecord, StorageUsage } from '@taxli/domain';
import type { StorageLimits } from '../../config.js';
import { documentVersions } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';

// Issue 26: one account may not fill the server's disk. Its stored versions count against a quota
// (507), what it adds in an hour against a rate (429 with Retry-After), and no upload starts while
// the blob directory's disk is below its floor (507).
const YEAR = 2025;
const KB = 1024;
const MB = 1024 * KB;
const ROUTES = ['/api/files/upload', '/api/upload'];
const blobDir = join(TEST_DATA_DIR, 'blobs');
const blobFiles = () => (existsSync(blobDir) ? readdirSync(blobDir) : []);

/** A PDF of exactly `bytes` bytes; `fill` tells two of the same size apart. */
const pdf = (bytes: number, fill = 0x41) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, fill)]);

const limits = (changed: Partial<StorageLimits>) => ({
  storageLimits: { quotaBytes: 2048 * MB, minFreeBytes: 0, bytesPerHour: 500 * MB, filesPerHour: 200, ...changed },
});

describe.each(drivers)('storage limits of uploads (%s)', (driver) => {
  const ctx = useTestApp(driver, limits({ quotaBytes: MB }));
  beforeEach(() => {
    for (const file of blobFiles()) rmSync(join(blobDir, file), { force: true });
  });

  function upload(cookie: string, files: { filename: string; data: Buffer }[], { url = '/api/files/upload', year = YEAR } = {}) {
    const { payload, contentType } = multipart(uploadParts(5, year, files));
    return ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  }
  async function stored(cookie: string, files: { filename: string; data: Buffer }[], options?: { url?: string; year?: number }) {
    const answer = await upload(cookie, files, options);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  }
  const usage = async (cookie: string) => (await get(ctx.app, '/api/files/usage', { cookie })).json<StorageUsage>();
  const versionCount = async () => (await ctx.database.db.select().from(documentVersions)).length;
  const fileList = async (cookie: string) => (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie })).json<FileRecord[]>();

  /** Over real HTTP, with a body far larger than the socket's buffers, as a browser sends it. */
  async function uploadOverHttp(cookie: string, url: string, data: Buffer) {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const body = multipart(uploadParts(5, YEAR, [{ filename: 'big.pdf', data }]));
    const answer = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': body.contentType },
      body: new Uint8Array(body.payload),
    });
    return { status: answer.status, headers: answer.headers, body: (await answer.json()) as { error: { code: string; message: string } } };
  }

  describe('the quota', () => {
    it('GET /api/files/usage: the size of every version the account stored, of every year, and its quota', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      const beat = await signIn(ctx, 'beat@example.ch');
      expect(await usage(anna.cookie)).toEqual({ usedBytes: 0, quotaBytes: MB });

      await stored(anna.cookie, [{ filename: 'lohn.pdf', data: pdf(100 * KB) }]);
      await stored(anna.cookie, [{ filename: 'lohn.pdf', data: pdf(50 * KB, 0x42) }]); // a second version
      await stored(anna.cookie, [{ filename: 'lohn.pdf', data: pdf(50 * KB, 0x42) }]); // the same bytes: nothing added
      await stored(anna.cookie, [{ filename: 'bank.pdf', data: pdf(30 * KB) }], { year: YEAR - 1 });
      await stored(beat.cookie, [{ filename: 'lohn.pdf', data: pdf(200 * KB) }]);

      expect(await usage(anna.cookie)).toEqual({ usedBytes: 180 * KB, quotaBytes: MB });
      expect(await usage(beat.cookie)).toEqual({ usedBytes: 200 * KB, quotaBytes: MB });
    });

    it.each(ROUTES)('%s: once the quota is used up, 507 QUOTA_EXCEEDED naming the quota, before any byte is stored', async (url) => {
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'full.pdf', data: pdf(MB) }]); // exactly the quota: allowed
      expect(blobFiles()).toHaveLength(1);

      const refused = await uploadOverHttp(anna.cookie, url, pdf(8 * MB));
      expect(refused.status).toBe(507);
      expect(refused.body.error).toEqual({ code: 'QUOTA_EXCEEDED', message: expect.stringContaining('quota of 1 MB'), field: 'files' });
      expect(blobFiles()).toHaveLength(1);
      expect(await versionCount()).toBe(1);

      // Another account is not held back by this one's quota.
      const beat = await signIn(ctx, 'beat@example.ch');
      await stored(beat.cookie, [{ filename: 'lohn.pdf', data: pdf(10 * KB) }], { url });
    });

    it.each(ROUTES)('%s: an upload that runs past what is left is refused (507) as it streams: its blobs removed, no row written', async (url) => {
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'first.pdf', data: pdf(600 * KB) }]);

      const refused = await upload(anna.cookie, [{ filename: 'too-much.pdf', data: pdf(500 * KB) }], { url });
      expect(refused.statusCode).toBe(507);
      expect(refused.json().error.code).toBe('QUOTA_EXCEEDED');
      expect(refused.headers.connection).toBe('close');
      expect(blobFiles()).toHaveLength(1);
      expect(await versionCount()).toBe(1);
      expect(await usage(anna.cookie)).toEqual({ usedBytes: 600 * KB, quotaBytes: MB });

      // Over real HTTP, the client gets the answer while it is still sending, not a broken connection.
      const overHttp = await uploadOverHttp(anna.cookie, url, pdf(8 * MB));
      expect(overHttp.status).toBe(507);
      expect(overHttp.body.error.code).toBe('QUOTA_EXCEEDED');
      expect(blobFiles()).toHaveLength(1);
      expect(await versionCount()).toBe(1);
    });

    it('uploads running at once share what is left: together they never store past the quota, the first ones served', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      // Four at once (the most one account may run): 1.6 MB against 1 MB, each alone within it.
      const sizes = [1, 2, 3, 4].map(() => 400 * KB);
      const answers = await Promise.all(sizes.map((size, n) => upload(anna.cookie, [{ filename: `part-${n}.pdf`, data: pdf(size, 0x41 + n) }])));
      const storedCount = answers.filter((answer) => answer.statusCode === 200).length;
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expect(answer.statusCode, answer.body).toBe(507);
        expect(answer.json().error.code).toBe('QUOTA_EXCEEDED');
      }
      // Served in the order they began: the first two fit, each later one counts what those may store.
      expect(storedCount).toBe(2);
      expect(await usage(anna.cookie)).toEqual({ usedBytes: storedCount * 400 * KB, quotaBytes: MB });
      expect(blobFiles()).toHaveLength(storedCount);
      expect(await versionCount()).toBe(storedCount);

      // What is left after them is still there for the next upload, within the quota.
      const left = MB - storedCount * 400 * KB;
      await stored(anna.cookie, [{ filename: 'rest.pdf', data: pdf(left) }]);
      expect((await usage(anna.cookie)).usedBytes).toBe(MB);
    });

    it('uploads that declare no size (chunked) count each other both ways: never past the quota', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (ctx.app.server.address() as AddressInfo).port;
      const chunked = async (n: number) => {
        const body = multipart(uploadParts(5, YEAR, [{ filename: `chunked-${n}.pdf`, data: pdf(600 * KB, 0x41 + n) }]));
        // A stream body goes out chunked, with no Content-Length.
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < body.payload.length; at += 16 * KB) controller.enqueue(new Uint8Array(body.payload.subarray(at, at + 16 * KB)));
            controller.close();
          },
        });
        const answer = await fetch(`http://127.0.0.1:${port}/api/files/upload`, {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': body.contentType },
          body: stream,
          duplex: 'half',
        } as RequestInit);
        return { status: answer.status, code: ((await answer.json()) as { error?: { code: string } }).error?.code };
      };
      const answers = await Promise.all([1, 2].map(chunked));
      const storedCount = answers.filter((answer) => answer.status === 200).length;
      for (const answer of answers.filter((a) => a.status !== 200)) expect(answer).toEqual({ status: 507, code: 'QUOTA_EXCEEDED' });
      expect(storedCount).toBeLessThan(2);
      expect(await usage(anna.cookie)).toEqual({ usedBytes: storedCount * 600 * KB, quotaBytes: MB });
      expect(blobFiles()).toHaveLength(storedCount);
    });

    it('a batch whose later file runs past what is left is refused whole: none of its files is kept', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'first.pdf', data: pdf(600 * KB) }]);

      const refused = await upload(anna.cookie, [
        { filename: 'fits.pdf', data: pdf(300 * KB) },
        { filename: 'passes.pdf', data: pdf(300 * KB) },
      ]);
      expect(refused.statusCode).toBe(507);
      expect(blobFiles()).toHaveLength(1);
      expect((await fileList(anna.cookie)).map((f) => f.name)).toEqual(['first.pdf']);
    });

    it('deleting a version or a file frees its bytes for new uploads', async () => {
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'lohn.pdf', data: pdf(600 * KB) }]);
      await stored(anna.cookie, [{ filename: 'lohn.pdf', data: pdf(400 * KB, 0x42) }]);
      const next = [{ filename: 'bank.pdf', data: pdf(100 * KB) }];
      expect((await upload(anna.cookie, next)).statusCode).toBe(507);

      const [lohn] = await fileList(anna.cookie);
      const del = (path: string) => ctx.app.inject({ method: 'DELETE', url: path, headers: { origin: TEST_ORIGIN, cookie: anna.cookie } });
      expect((await del(`/api/files/${lohn!.id}/versions/1`)).statusCode).toBe(200);
      expect(await usage(anna.cookie)).toEqual({ usedBytes: 400 * KB, quotaBytes: MB });
      await stored(anna.cookie, next);

      expect((await del(`/api/files/${lohn!.id}`)).statusCode).toBe(200);
      expect(await usage(anna.cookie)).toEqual({ usedBytes: 100 * KB, quotaBytes: MB });
    });
  });

  describe('the hourly upload rate', () => {
    it.each(ROUTES)('%s: past the files of an hour, 429 UPLOAD_RATE_LIMITED with Retry-After until the oldest leaves the hour', async (url) => {
      await ctx.rebuild(limits({ filesPerHour: 3 }));
      const anna = await signIn(ctx, 'anna@example.ch');
      for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
        await stored(anna.cookie, [{ filename: name, data: pdf(KB) }], { url });
        ctx.clock.advanceMinutes(5); // stored at 0, 5 and 10 minutes
      }

      const refused = await upload(anna.cookie, [{ filename: 'd.pdf', data: pdf(KB) }], { url });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({ code: 'UPLOAD_RATE_LIMITED', message: expect.stringContaining('3 files an hour'), field: 'files' });
      // Now is minute 15: the first upload leaves the hour in 45 minutes.
      expect(refused.headers['retry-after']).toBe(String(45 * 60));
      expect(await versionCount()).toBe(3);

      ctx.clock.advanceMinutes(45);
      const again = await signIn(ctx, 'anna@example.ch'); // the session's 30 idle minutes are over
      await stored(again.cookie, [{ filename: 'd.pdf', data: pdf(KB) }], { url });
    });

    it('a batch with more files than the hour has left is refused whole, before its extra file is stored', async () => {
      await ctx.rebuild(limits({ filesPerHour: 3 }));
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'a.pdf', data: pdf(KB) }]);

      const refused = await upload(anna.cookie, ['b.pdf', 'c.pdf', 'd.pdf'].map((filename) => ({ filename, data: pdf(KB) })));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('UPLOAD_RATE_LIMITED');
      expect(refused.headers['retry-after']).toBe('3600');
      expect(blobFiles()).toHaveLength(1);
      expect(await versionCount()).toBe(1);
    });

    it('past the bytes of an hour: refused before the body when they are used up, and as an upload streams past them', async () => {
      await ctx.rebuild(limits({ bytesPerHour: MB }));
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'a.pdf', data: pdf(700 * KB) }]);
      ctx.clock.advanceMinutes(5);

      const passing = await upload(anna.cookie, [{ filename: 'b.pdf', data: pdf(400 * KB) }]);
      expect(passing.statusCode).toBe(429);
      expect(passing.json().error).toEqual({ code: 'UPLOAD_RATE_LIMITED', message: expect.stringContaining('1 MB'), field: 'files' });
      expect(passing.headers['retry-after']).toBe(String(55 * 60));
      expect(blobFiles()).toHaveLength(1);

      await stored(anna.cookie, [{ filename: 'b.pdf', data: pdf(324 * KB) }]); // exactly what is left
      const usedUp = await upload(anna.cookie, [{ filename: 'c.pdf', data: pdf(KB) }]);
      expect(usedUp.statusCode).toBe(429);
      expect(usedUp.headers['retry-after']).toBe(String(55 * 60));
      expect(await versionCount()).toBe(2);
    });

    it('counts the versions added in the hour that are still stored: it bounds how fast the disk fills, and a deleted one fills nothing', async () => {
      await ctx.rebuild(limits({ filesPerHour: 2 }));
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'a.pdf', data: pdf(KB) }]);
      await stored(anna.cookie, [{ filename: 'b.pdf', data: pdf(KB) }]);
      expect((await upload(anna.cookie, [{ filename: 'c.pdf', data: pdf(KB) }])).statusCode).toBe(429);
      const [newest] = await fileList(anna.cookie);
      await ctx.app.inject({ method: 'DELETE', url: `/api/files/${newest!.id}`, headers: { origin: TEST_ORIGIN, cookie: anna.cookie } });
      await stored(anna.cookie, [{ filename: 'c.pdf', data: pdf(KB) }]);
    });
  });

  describe('the free-disk floor', () => {
    it.each(ROUTES)('%s: below STORAGE_MIN_FREE_MB, 507 DISK_SPACE_LOW before any byte is stored', async (url) => {
      await ctx.rebuild(limits({ minFreeBytes: 512 * MB }), undefined, { freeDiskSpace: async () => 500 * MB });
      const anna = await signIn(ctx, 'anna@example.ch');

      const refused = await uploadOverHttp(anna.cookie, url, pdf(8 * MB));
      expect(refused.status).toBe(507);
      expect(refused.body.error.code).toBe('DISK_SPACE_LOW');
      expect(blobFiles()).toEqual([]);
      expect(await versionCount()).toBe(0);
    });

    it('an upload that would take the disk below the floor is refused as it streams; above it, uploads go through', async () => {
      let free = 512 * MB + 200 * KB;
      await ctx.rebuild(limits({ minFreeBytes: 512 * MB }), undefined, { freeDiskSpace: async () => free });
      const anna = await signIn(ctx, 'anna@example.ch');

      const refused = await upload(anna.cookie, [{ filename: 'a.pdf', data: pdf(300 * KB) }]);
      expect(refused.statusCode).toBe(507);
      expect(refused.json().error.code).toBe('DISK_SPACE_LOW');
      expect(blobFiles()).toEqual([]);

      free = 600 * MB;
      await stored(anna.cookie, [{ filename: 'a.pdf', data: pdf(300 * KB) }]);
    });

    it('applies no floor when the free space is unknown (object storage)', async () => {
      await ctx.rebuild(limits({ minFreeBytes: 512 * MB }), undefined, { freeDiskSpace: async () => undefined });
      const anna = await signIn(ctx, 'anna@example.ch');
      await stored(anna.cookie, [{ filename: 'a.pdf', data: pdf(KB) }]);
    });
  });
});
