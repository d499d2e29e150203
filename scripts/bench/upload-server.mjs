// Child process of the upload bench: the real app plus, for comparison, a route that streams the
// same multipart body to disk with no hashing and no encryption, a memory probe, and the phases of
// the last upload (GET /bench/phases: when its body had all arrived, how long the blob's writes,
// fsync and rename took, when the answer left, the process's CPU time, how busy the main thread
// was, reads waiting), so the
// slow rounds can be told apart from the fast ones. Prints one JSON line {port, cookie} once it listens.
import multipart from '@fastify/multipart';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildBenchApp, signIn } from './bench-app.mjs';

const dist = (path) => new URL(`../../apps/server/dist/${path}`, import.meta.url).href;
const { createLocalBlobStore } = await import(dist('storage/local-blob-store.js'));

// The phases of the request in flight (the timed rounds send one upload at a time).
let phases = null;
const now = () => performance.now();
const timedCall = async (name, call) => {
  const started = now();
  try {
    return await call();
  } finally {
    if (phases) phases[name] = (phases[name] ?? 0) + (now() - started);
  }
};
/** Node's own disk calls, timed: the store's writes, fsync and rename of the last upload. */
const timedDisk = {
  async open(path, flags, mode) {
    const handle = await open(path, flags, mode);
    if (flags === 'r') return { sync: () => timedCall('directorySyncMs', () => handle.sync()), close: () => handle.close(), write: handle.write.bind(handle) };
    return {
      write: (buffer, offset, length) => timedCall('writeMs', () => handle.write(buffer, offset, length)),
      sync: () => timedCall('fsyncMs', () => handle.sync()),
      close: () => handle.close(),
    };
  },
  rename: (from, to) => timedCall('renameMs', () => rename(from, to)),
};

const { app, database, config, mails, close } = await buildBenchApp({ blobs: (dataDir) => createLocalBlobStore(join(dataDir, 'blobs'), timedDisk) });
app.addHook('onRequest', async (request) => {
  if (request.method !== 'POST' || !/upload/.test(request.url)) return;
  const own = { start: now(), cpu: process.cpuUsage(), loop: performance.eventLoopUtilization() };
  phases = own;
  request.raw.once('end', () => (own.bodyMs = now() - own.start));
});
app.addHook('onResponse', async (request) => {
  if (!phases || phases.answerMs !== undefined || request.method !== 'POST' || !/upload/.test(request.url)) return;
  phases.answerMs = now() - phases.start;
  const cpu = process.cpuUsage(phases.cpu);
  phases.cpuMs = (cpu.user + cpu.system) / 1000;
  phases.mainThreadBusy = +performance.eventLoopUtilization(phases.loop).utilization.toFixed(2);
});
app.get('/bench/phases', async () => {
  if (!phases) return {};
  const { bodyMs, answerMs, writeMs, fsyncMs, renameMs, directorySyncMs, cpuMs, mainThreadBusy } = phases;
  // Counted here, after the answer, so that the timed upload pays no statement of the bench's own.
  const pending = await database.client.query(`select count(*)::int as count from document_extractions where status = 'pending'`);
  return { bodyMs, answerMs, writeMs, fsyncMs, renameMs, directorySyncMs, cpuMs, mainThreadBusy, readsPending: pending.rows[0].count };
});
const scratch = mkdtempSync(join(tmpdir(), 'taxli-bench-raw-'));

await app.register(async (scope) => {
  await scope.register(multipart, { limits: { fileSize: 60 * 1024 * 1024 } });
  scope.post('/bench/raw-upload', async (request) => {
    let count = 0;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const path = join(scratch, `raw-${process.pid}-${count++}`);
      await pipeline(part.file, createWriteStream(path, { flush: true }));
      rmSync(path);
    }
    return { files: count };
  });
});

// Peak resident memory since the last reset, sampled every 10 ms.
let peak = 0;
let base = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));
setInterval(sample, 10).unref();
app.post('/bench/memory/reset', async () => {
  globalThis.gc?.();
  base = process.memoryUsage().rss;
  peak = base;
  return { base };
});
app.get('/bench/memory', async () => ({ base, peak, growth: peak - base }));

await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await signIn(app, mails, config.publicOrigin);
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, cookie, origin: config.publicOrigin })}\n`);
process.on('SIGTERM', async () => {
  await close();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
});
