import { readdirSync } from 'node:fs';
import { open as openFile, rename as renameFile } from 'node:fs/promises';
import { constants } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileRecord } from '@taxli/domain';
import { drivers, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, sha256, uploadParts, type Part } from '../../test/multipart.js';
import { temporaryDirectory } from '../../test/temporary-directory.js';
import { createLocalBlobStore, type DiskCalls, type WritableFile } from '../../storage/local-blob-store.js';
import { STORAGE_RETRY_AFTER_SECONDS } from './upload-files.js';

// Issue 26: a fault of the disk at any point of a blob's write (open, any byte of the write, the
// file's fsync, the rename, the folder's fsync), with any errno the kernel gives for it, is an
// answer to the upload (507 when the disk is full, 503 otherwise), never a crash, a hang or a 500;
// it leaves no blob and no row, and the next upload is stored once the fault is gone.
const YEAR = 2025;
const ERRNOS = ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO'] as const;
type Errno = (typeof ERRNOS)[number];
type FaultPoint = { at: 'open' } | { at: 'write'; afterBytes: number } | { at: 'fsync' } | { at: 'rename' } | { at: 'directory fsync' };

/** An error as Node's fs gives it for a failed system call. */
function errnoError(code: Errno, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected fault, ${syscall}`), { code, errno: -constants.errno[code], syscall });
}

/** Node's disk calls, failing at `fault.point` with `fault.errno` while a fault is set. */
function faultyDisk() {
  const state: { fault?: { point: FaultPoint; errno: Errno } } = {};
  const failing = (at: FaultPoint['at']) => (state.fault?.point.at === at ? state.fault.errno : undefined);
  const calls: DiskCalls = {
    async open(path, flags, mode) {
      const handle = await openFile(path, flags, mode);
      const directory = flags === 'r';
      if (!directory && failing('open')) {
        await handle.close();
        throw errnoError(failing('open')!, 'open');
      }
      let written = 0;
      const file: WritableFile = {
        async write(buffer, offset, length) {
          const point = state.fault?.point;
          if (point?.at === 'write') {
            const room = point.afterBytes - written;
            // As the kernel does: what fits is written (a short count), the next call fails.
            if (room <= 0) throw errnoError(state.fault!.errno, 'write');
            length = Math.min(length, room);
          }
          const result = await handle.write(buffer, offset, length);
          written += result.bytesWritten;
          return result;
        },
        async sync() {
          const errno = failing(directory ? 'directory fsync' : 'fsync');
          if (errno) throw errnoError(errno, 'fsync');
          await handle.sync();
        },
        close: () => handle.close(),
      };
      return file;
    },
    async rename(from, to) {
      const errno = failing('rename');
      if (errno) throw errnoError(errno, 'rename');
      await renameFile(from, to);
    },
  };
  return { calls, state };
}

const blobDir = temporaryDirectory('taxli-faulty-blobs');
const disk = faultyDisk();
const store = await createLocalBlobStore(blobDir, disk.calls);

const faultPoint = (size: number): fc.Arbitrary<FaultPoint> =>
  fc.oneof(
    fc.constant({ at: 'open' as const }),
    // The blob is larger than the file (a header, a length and a tag per frame): a fault at any of
    // the file's first `size` bytes always hits.
    fc.integer({ min: 0, max: size }).map((afterBytes) => ({ at: 'write' as const, afterBytes })),
    fc.constant({ at: 'fsync' as const }),
    fc.constant({ at: 'rename' as const }),
    fc.constant({ at: 'directory fsync' as const }),
  );

const upload = fc
  .record({ size: fc.integer({ min: 1, max: 3 * 1024 * 1024 }), errno: fc.constantFrom(...ERRNOS), route: fc.constantFrom('dashboard', 'advanced') })
  .chain((upload) => faultPoint(upload.size).map((point) => ({ ...upload, point })));

describe.each(drivers)('uploads when the disk fails at any point of the write (%s)', (driver) => {
  const ctx = useTestApp(driver, {}, { blobs: () => store });

  const send = (cookie: string, route: 'dashboard' | 'advanced', name: string, data: Buffer) => {
    const parts: Part[] =
      route === 'dashboard'
        ? uploadParts(5, YEAR, [{ filename: name, data }])
        : [
            { name: 'categoryId', value: '10' },
            { name: 'taxYear', value: String(YEAR) },
            { name: 'hashes', value: JSON.stringify([sha256(data)]) },
            { name: 'files', filename: name, data },
          ];
    const { payload, contentType } = multipart(parts);
    const url = route === 'dashboard' ? '/api/files/upload' : '/api/upload';
    return ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  };

  it('answers 507 or 503, keeps no blob and no row, and stores the next upload once the fault is gone', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const rows = async () => (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie })).json<FileRecord[]>().length;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(upload, async ({ size, errno, route, point }) => {
        run++;
        const data = Buffer.concat([Buffer.from(`%PDF-1.7 ${run}\n`), Buffer.alloc(size, run % 251)]);
        const name = `Beleg-${run}.pdf`;
        const blobsBefore = readdirSync(blobDir).sort();
        const rowsBefore = await rows();

        disk.state.fault = { point, errno };
        let refused;
        try {
          refused = await send(cookie, route, name, data);
        } finally {
          disk.state.fault = undefined;
        }
        const full = errno === 'ENOSPC' || errno === 'EDQUOT';
        expect([refused.statusCode, refused.json().error?.code]).toEqual(full ? [507, 'STORAGE_FULL'] : [503, 'STORAGE_UNAVAILABLE']);
        // A client (and a proxy) learns when to try again.
        expect(refused.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
        expect(readdirSync(blobDir).sort()).toEqual(blobsBefore);
        expect(await rows()).toBe(rowsBefore);

        const next = await send(cookie, route, name, data);
        expect(next.statusCode).toBe(200);
        expect(readdirSync(blobDir)).toHaveLength(blobsBefore.length + 1);
        expect(await rows()).toBe(rowsBefore + 1);
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
