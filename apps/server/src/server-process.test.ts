import { copyFileSync, lstatSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileRecord } from '@taxli/domain';
import { SWEEP_GRACE_MS } from './features/files/blob-sweep.js';
import { streamedUpload } from './test/multipart.js';
import { openRequest } from './test/raw-http.js';
import { signInOverHttp, startServerProcess, uploadOverHttp, type ServerProcess } from './test/server-process.js';
import { temporaryDirectory } from './test/temporary-directory.js';

// The real server in a child process of its own, with its own DATA_DIR: what a crash leaves, and
// what a start makes of the data directory (README, DATA_DIR; docs/architecture.md, the blob sweep
// in "Documents and the tax-status flow").
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('Lohnausweis 2025 '.repeat(5000))]);
const YEAR = 2025;
const running: ServerProcess[] = [];
const start = async (...args: Parameters<typeof startServerProcess>) => {
  const server = await startServerProcess(...args);
  running.push(server);
  return server;
};
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
});

/** Every file and folder under `dir` with its permission bits, as `ls -l` would show them. */
function modesUnder(dir: string): { path: string; kind: 'file' | 'dir'; mode: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((relative) => {
    const stats = lstatSync(join(dir, relative));
    if (stats.isSymbolicLink()) return [];
    return [{ path: relative, kind: stats.isDirectory() ? ('dir' as const) : ('file' as const), mode: (stats.mode & 0o777).toString(8) }];
  });
}

describe('the server process', () => {
  it(
    'after a kill mid-upload, the next start removes the partial file and the unreferenced blob, and keeps the referenced one',
    async () => {
      const dataDir = temporaryDirectory('taxli-crash');
      const blobDir = join(dataDir, 'blobs');
      const first = await start(dataDir);
      const cookie = await signInOverHttp(first, 'anna@example.ch');
      expect(await uploadOverHttp(first, cookie, 'Lohnausweis.pdf', PDF)).toBe(200);
      const [referenced] = readdirSync(blobDir);

      // An upload of 4 MB, half sent, when the server is killed.
      const upload = streamedUpload(
        [
          { name: 'categoryId', value: '5' },
          { name: 'taxYear', value: String(YEAR) },
          { name: 'hashes[]', value: 'a'.repeat(64) },
          { name: 'files', filename: 'Kontoauszug.pdf', data: Buffer.alloc(0) },
        ],
        4 * 1024 * 1024,
      );
      const request = openRequest(first.port, {
        path: '/api/files/upload',
        headers: { origin: first.origin, cookie, 'content-type': upload.contentType, 'content-length': upload.contentLength },
        body: Buffer.concat([upload.opening, Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024, 0x41)]),
      });
      const partial = await vi.waitFor(
        () => {
          const name = readdirSync(blobDir).find((entry) => entry.endsWith('.partial'));
          if (!name || statSync(join(blobDir, name)).size === 0) throw new Error('no partial file with bytes yet');
          return name;
        },
        { timeout: 60_000, interval: 100 },
      );
      await first.stop('SIGKILL');
      await request.closed;
      expect(readdirSync(blobDir).sort()).toEqual([partial, referenced].sort());

      // What a crash between a blob and its row leaves: a complete blob no row names.
      const orphan = randomBytes(24).toString('base64url');
      copyFileSync(join(blobDir, referenced!), join(blobDir, orphan));
      // The server stays down longer than the sweep's grace period (a partial as young as this one
      // could be an upload of another instance on a shared directory, and waits for a later sweep).
      const downSince = new Date(Date.now() - SWEEP_GRACE_MS - 10 * 60_000);
      for (const name of [partial, referenced!, orphan]) utimesSync(join(blobDir, name), downSince, downSince);

      const second = await start(dataDir);
      const sweep = await second.logLine((line) => line.msg === 'blob sweep done');
      expect(sweep).toMatchObject({ level: 30, incomplete: 1, unreferenced: 1 });
      expect(readdirSync(blobDir)).toEqual([referenced]);

      // The document is still there, whole.
      const base = `http://127.0.0.1:${second.port}`;
      const [file] = (await (await fetch(`${base}/api/files?taxYear=${YEAR}`, { headers: { cookie } })).json()) as FileRecord[];
      const content = Buffer.from(await (await fetch(`${base}${file!.blobUrl}`, { headers: { cookie } })).arrayBuffer());
      expect(content.equals(PDF)).toBe(true);
      expect(second.logs.filter((line) => line.level >= 50)).toEqual([]);
    },
    300_000,
  );

  it(
    'keeps every file under DATA_DIR 0600 and every folder 0700, started under umask 022, while running and after a restart',
    async () => {
      const dataDir = temporaryDirectory('taxli-modes');
      const first = await start(dataDir, { umask: '022' });
      const cookie = await signInOverHttp(first, 'anna@example.ch');
      expect(await uploadOverHttp(first, cookie, 'Lohnausweis.pdf', PDF)).toBe(200);

      const expectPrivate = () => {
        const entries = modesUnder(dataDir);
        expect(entries.filter((entry) => entry.path.startsWith('blobs/')).length).toBeGreaterThan(0);
        expect(entries.filter((entry) => entry.path.startsWith('pg/')).length).toBeGreaterThan(0);
        expect(entries.filter((entry) => entry.mode !== (entry.kind === 'dir' ? '700' : '600'))).toEqual([]);
        expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      };
      expectPrivate();

      await first.stop('SIGTERM');
      const second = await start(dataDir, { umask: '022' });
      expect(await uploadOverHttp(second, cookie, 'Kontoauszug.pdf', Buffer.concat([PDF, Buffer.from('2')]))).toBe(200);
      expectPrivate();
    },
    300_000,
  );
});
