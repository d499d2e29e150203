// Browser hashing: the dashboard's Web Worker (the project's SIMD WebAssembly SHA-256, streamed
// through one buffer) against the browser's one-shot crypto.subtle.digest of the same 50 MB file, in
// the same Debian Chromium. Speed is the median of the ratios of 21 unobserved paired rounds after a
// warm-up; heap growth, from three more rounds, is the peak of (JS heap + ArrayBuffer backing stores)
// of the page and its workers, sampled over DevTools every 10 ms, above the level before hashing.
import { chromium } from 'playwright-core';
import { createReadStream } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { sha256Wasm } from '../../apps/web/sha256-wasm-plugin.ts';
import { median, pairedRounds } from './statistics.mjs';

const FILE_BYTES = 50 * 1024 * 1024;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

async function buildPage() {
  const outDir = mkdtempSync(join(tmpdir(), 'taxli-bench-hashing-'));
  await build({
    root: fileURLToPath(new URL('./hashing-page', import.meta.url)),
    configFile: false,
    plugins: [sha256Wasm()],
    worker: { plugins: () => [sha256Wasm()] },
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

function serve(dir) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path.replace(/^\/+/, ''));
    if (!file.startsWith(dir)) return response.writeHead(404).end();
    const stream = createReadStream(file);
    stream.once('error', () => response.writeHead(404).end());
    stream.once('open', () => {
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      stream.pipe(response);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * DevTools access to the page and to every worker it starts. Workers are reached through the
 * page's session (auto-attach, messages relayed by Target.sendMessageToTarget).
 */
async function devtools(context, page) {
  const session = await context.newCDPSession(page);
  const workers = new Set();
  const waiting = new Map();
  let nextId = 1;
  session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') workers.add(sessionId);
  });
  session.on('Target.detachedFromTarget', ({ sessionId }) => workers.delete(sessionId));
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message);
    waiting.get(reply.id)?.(reply.result ?? {});
    waiting.delete(reply.id);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const inWorker = (sessionId, method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => resolve({}));
    });
  const heapOf = ({ usedSize = 0, backingStorageSize = 0 }) => usedSize + backingStorageSize;
  return {
    async heapBytes() {
      const page = heapOf(await session.send('Runtime.getHeapUsage'));
      const inWorkers = await Promise.all([...workers].map((id) => inWorker(id, 'Runtime.getHeapUsage')));
      return page + inWorkers.reduce((sum, usage) => sum + heapOf(usage), 0);
    },
    async collectGarbage() {
      await session.send('HeapProfiler.collectGarbage');
      await Promise.all([...workers].map((id) => inWorker(id, 'HeapProfiler.collectGarbage')));
    },
  };
}

/** Runs `call` in the page and returns its result with the peak heap growth while it ran. */
async function withPeakHeap(page, tools, call) {
  await tools.collectGarbage();
  const base = await tools.heapBytes();
  let peak = base;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await tools.heapBytes());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await page.evaluate(call);
  running = false;
  await sampling;
  return { ...result, heapGrowth: peak - base };
}

export async function measureBrowserHashing({ rounds = 21, memoryRounds = 3 } = {}) {
  const dir = await buildPage();
  const server = await serve(dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tools = await devtools(context, page);
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.title === 'ready');
    await page.evaluate((bytes) => window.bench.makeFile(bytes), FILE_BYTES);
    // Warm-up: the worker starts and compiles its WebAssembly once, as on a first upload.
    await page.evaluate(() => window.bench.hashInWorker());
    await page.evaluate(() => window.bench.hashWithSubtle());
    // Timed rounds run unobserved: a DevTools heap query every 10 ms is served on the worker's own
    // thread and would slow the worker, not crypto.subtle (which digests on a browser thread).
    // This virtual machine's speed swings by a third from one second to the next, so the two are
    // timed in pairs and the speed is the median of the pairs' ratios.
    const [subtle, worker] = await pairedRounds(
      rounds,
      () => page.evaluate(() => window.bench.hashWithSubtle()),
      () => page.evaluate(() => window.bench.hashInWorker()),
    );
    if (worker.some((w) => w.hash !== subtle[0].hash)) throw new Error('the worker and crypto.subtle disagree on the hash');
    // Memory rounds of their own, sampled.
    const workerHeap = [];
    const subtleHeap = [];
    for (let round = 0; round < memoryRounds; round++) {
      workerHeap.push(await withPeakHeap(page, tools, () => window.bench.hashInWorker()));
      subtleHeap.push(await withPeakHeap(page, tools, () => window.bench.hashWithSubtle()));
    }
    const best = (runs) => Math.min(...runs.map((r) => r.ms));
    const mb = (bytes) => +(bytes / 2 ** 20).toFixed(1);
    const ratios = worker.map((w, i) => subtle[i].ms / w.ms);
    return {
      rounds,
      workerMs: Math.round(median(worker.map((r) => r.ms))),
      subtleMs: Math.round(median(subtle.map((r) => r.ms))),
      bestWorkerMs: Math.round(best(worker)),
      bestSubtleMs: Math.round(best(subtle)),
      speedVsSubtle: +median(ratios).toFixed(2),
      speedRange: [Math.min(...ratios), Math.max(...ratios)].map((x) => +x.toFixed(2)),
      sampledWorkerMs: Math.round(best(workerHeap)),
      sampledSubtleMs: Math.round(best(subtleHeap)),
      workerHeapGrowthMB: mb(Math.max(...workerHeap.map((r) => r.heapGrowth))),
      subtleHeapGrowthMB: mb(Math.max(...subtleHeap.map((r) => r.heapGrowth))),
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureBrowserHashing());
