// Child process of the storage-fault figure (storage-fault.mjs): the real app (built, production
// mode) whose local blob store takes its disk calls from here, so that the disk can be made to fail
// part way through a batch with the errno a full or broken disk gives (ENOSPC, EIO), at a random
// byte of each write. Prints one JSON line {port, origin, cookies} once it listens; POST
// /bench/storage {failing} switches the fault, GET /bench/storage-state tells what is left on disk.
import { readdirSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildBenchApp, signIn } from './bench-app.mjs';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5);
const dist = (path) => new URL(`../../apps/server/dist/${path}`, import.meta.url).href;
const { createLocalBlobStore } = await import(dist('storage/local-blob-store.js'));

let failing = false;
const fault = (code, syscall) => Object.assign(new Error(`${code}: bench fault, ${syscall}`), { code, errno: -constants.errno[code], syscall });
/** Node's own calls; while `failing`, each blob file fails at a random byte (a short write, then the errno). */
const disk = {
  async open(path, flags, mode) {
    const handle = await open(path, flags, mode);
    if (!failing || flags === 'r') return handle;
    const errno = Math.random() < 0.5 ? 'ENOSPC' : 'EIO';
    let room = Math.floor(Math.random() * 200 * 1024);
    return {
      async write(buffer, offset, length) {
        if (room <= 0) throw fault(errno, 'write');
        const result = await handle.write(buffer, offset, Math.min(length, room));
        room -= result.bytesWritten;
        return result;
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
  rename,
};

let blobDir;
const { app, database, config, mails, close } = await buildBenchApp({
  blobs: async (dataDir) => {
    blobDir = join(dataDir, 'blobs');
    return createLocalBlobStore(blobDir, disk);
  },
});

// Not API routes: only this bench process has them.
app.post('/bench/storage', async (request) => {
  failing = request.body.failing === true;
  return { failing };
});
app.get('/bench/storage-state', async () => {
  const names = readdirSync(blobDir);
  const rows = await database.client.query('select count(*)::int as count from document_versions');
  return { blobs: names.filter((name) => !name.endsWith('.partial')).length, partial: names.filter((name) => name.endsWith('.partial')).length, rows: rows.rows[0].count };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const cookies = [];
for (let i = 0; i < ACCOUNTS; i++) cookies.push(await signIn(app, mails, config.publicOrigin));
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, origin: config.publicOrigin, cookies })}\n`);
process.on('SIGTERM', async () => {
  await close();
  process.exit(0);
});
