// Child process of the upload bench (pinned to its own core): the real app plus, for comparison,
// a route that streams the same multipart body to disk with no hashing and no encryption, and a
// memory probe. Prints one JSON line {port, cookie} once it listens.
import multipart from '@fastify/multipart';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildBenchApp, signIn } from './bench-app.mjs';

const { app, config, mails, close } = await buildBenchApp();
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
