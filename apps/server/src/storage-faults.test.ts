import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileRecord } from '@taxli/domain';
import { multipart, sha256, uploadParts, type Part } from './test/multipart.js';
import { signInOverHttp, startServerProcess, type ServerProcess } from './test/server-process.js';
import { temporaryDirectory } from './test/temporary-directory.js';

// Storage faults under the real server process (issue 26): the blob folder is a small filesystem of
// its own (tmpfs, mounted by the test, which runs as root), so the faults are the kernel's own: a
// read-only remount, an immutable folder (which root cannot write either), no inode left. Each
// must be answered (never end the process), leave no blob and no row, and pass once cleared.
const YEAR = 2025;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('Lohnausweis 2025 '.repeat(600))]);
const running: ServerProcess[] = [];
const mounted: string[] = [];
const immutable: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
  for (const folder of immutable.splice(0)) execFileSync('chattr', ['-i', folder]);
  for (const point of mounted.splice(0)) execFileSync('umount', ['-l', point]);
});

/** A server whose DATA_DIR/blobs is a tmpfs of `inodes` inodes and `size` bytes. */
async function serverOnSmallDisk({ inodes = 64, size = '4m' } = {}) {
  const dataDir = temporaryDirectory('taxli-storage-faults');
  const blobDir = join(dataDir, 'blobs');
  mkdirSync(blobDir, { mode: 0o700 });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},nr_inodes=${inodes},mode=700`, 'tmpfs', blobDir]);
  mounted.push(blobDir);
  // The free-disk floor (STORAGE_MIN_FREE_MB) would refuse every upload to so small a disk before
  // any write: these tests are about the faults of the write itself.
  const server = await startServerProcess(dataDir, { env: { STORAGE_MIN_FREE_MB: '0' } });
  running.push(server);
  const base = `http://127.0.0.1:${server.port}`;
  const cookie = await signInOverHttp(server, 'anna@example.ch');

  const post = async (path: string, parts: Part[]) => {
    const { payload, contentType } = multipart(parts);
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin: server.origin, cookie, 'content-type': contentType },
      body: new Uint8Array(payload),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
  };
  return {
    server,
    blobDir,
    upload: (name: string, data = PDF) => post('/api/files/upload', uploadParts(5, YEAR, [{ filename: name, data }])),
    uploadAdvanced: (name: string, data = PDF) =>
      post('/api/upload', [
        { name: 'categoryId', value: '10' },
        { name: 'taxYear', value: String(YEAR) },
        { name: 'hashes', value: JSON.stringify([sha256(data)]) },
        { name: 'files', filename: name, data },
      ]),
    health: async () => {
      const response = await fetch(`${base}/api/health`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    fileNames: async () =>
      ((await (await fetch(`${base}/api/files?taxYear=${YEAR}`, { headers: { cookie } })).json()) as FileRecord[]).map((file) => file.originalFileName),
    /** The folder's blobs and partial files (what the test put there itself is named `filler-…`). */
    blobs: () => readdirSync(blobDir).filter((name) => !name.startsWith('filler-')),
  };
}

describe('the server process when the blob store fails', () => {
  it(
    'answers 503 STORAGE_UNAVAILABLE on a read-only blob filesystem, keeps running, and stores the next upload once it is writable',
    async () => {
      const disk = await serverOnSmallDisk();
      execFileSync('mount', ['-o', 'remount,ro', disk.blobDir]);

      const refused = await disk.upload('Lohnausweis.pdf');
      const refusedAdvanced = await disk.uploadAdvanced('Depotauszug.pdf');
      expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
      expect([refusedAdvanced.status, refusedAdvanced.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
      expect((await disk.health()).body).toMatchObject({ ok: false, database: 'ok', blobStore: 'unreachable' });
      expect(disk.blobs()).toEqual([]);
      expect(await disk.fileNames()).toEqual([]);

      execFileSync('mount', ['-o', 'remount,rw', disk.blobDir]);
      expect((await disk.health()).status).toBe(200);
      expect((await disk.upload('Lohnausweis.pdf')).status).toBe(200);
      expect((await disk.uploadAdvanced('Depotauszug.pdf')).status).toBe(200);
      expect((await disk.fileNames()).sort()).toEqual(['Depotauszug.pdf', 'Lohnausweis.pdf']);
      expect(disk.blobs()).toHaveLength(2);
      expect(disk.server.child.exitCode).toBeNull();
    },
    120_000,
  );

  it(
    'answers 503 STORAGE_UNAVAILABLE when the blob folder cannot be written (immutable: root cannot either), and recovers',
    async () => {
      const disk = await serverOnSmallDisk();
      execFileSync('chattr', ['+i', disk.blobDir]);
      immutable.push(disk.blobDir);

      const refused = await disk.upload('Lohnausweis.pdf');
      expect([refused.status, refused.body.error?.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
      expect((await disk.health()).body).toMatchObject({ ok: false, blobStore: 'unreachable' });
      expect(await disk.fileNames()).toEqual([]);

      execFileSync('chattr', ['-i', disk.blobDir]);
      immutable.pop();
      expect((await disk.health()).status).toBe(200);
      expect((await disk.upload('Lohnausweis.pdf')).status).toBe(200);
      expect(await disk.fileNames()).toEqual(['Lohnausweis.pdf']);
      expect(disk.blobs()).toHaveLength(1);
    },
    120_000,
  );

  it(
    'answers 507 STORAGE_FULL when no inode is left, reports it in the health check, and recovers once files are removed',
    async () => {
      const disk = await serverOnSmallDisk({ inodes: 16 });
      const fillers: string[] = [];
      for (let n = 0; ; n++) {
        const path = join(disk.blobDir, `filler-${n}`);
        try {
          writeFileSync(path, '');
        } catch {
          break;
        }
        fillers.push(path);
      }

      const refused = await disk.upload('Lohnausweis.pdf');
      const refusedAdvanced = await disk.uploadAdvanced('Depotauszug.pdf');
      expect([refused.status, refused.body.error?.code]).toEqual([507, 'STORAGE_FULL']);
      expect([refusedAdvanced.status, refusedAdvanced.body.error?.code]).toEqual([507, 'STORAGE_FULL']);
      const health = await disk.health();
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ ok: false, blobStore: 'unreachable', blobStoreFreeInodes: 0 });
      expect(disk.blobs()).toEqual([]);
      expect(await disk.fileNames()).toEqual([]);

      for (const path of fillers) rmSync(path);
      expect((await disk.health()).status).toBe(200);
      expect((await disk.upload('Lohnausweis.pdf')).status).toBe(200);
      expect(await disk.fileNames()).toEqual(['Lohnausweis.pdf']);
    },
    120_000,
  );

  it(
    'answers 507 STORAGE_FULL when the disk fills during the write, removes the partial file, and recovers',
    async () => {
      const disk = await serverOnSmallDisk({ size: '2m' });
      // The filler leaves about 600 KB: the upload below needs 1 MB and fails part way.
      writeFileSync(join(disk.blobDir, 'filler-0'), Buffer.alloc(1400 * 1024));
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, 0x41)]);

      const refused = await disk.upload('Kontoauszug.pdf', big);
      expect([refused.status, refused.body.error?.code]).toEqual([507, 'STORAGE_FULL']);
      expect((await disk.health()).body.blobStoreFreeBytes).toBeLessThan(1024 * 1024);
      expect(disk.blobs()).toEqual([]);
      expect(await disk.fileNames()).toEqual([]);

      rmSync(join(disk.blobDir, 'filler-0'));
      expect((await disk.upload('Kontoauszug.pdf', big)).status).toBe(200);
      expect(await disk.fileNames()).toEqual(['Kontoauszug.pdf']);
    },
    120_000,
  );
});
