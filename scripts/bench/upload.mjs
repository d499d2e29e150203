// Upload throughput and server memory: a 50 MB file through the real endpoint (hash check,
// encryption, durable write) against a route of the same build that only streams the same body to
// disk; then the server's peak memory growth during 1 and during 4 concurrent uploads.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPinnedServer } from './pinned-server.mjs';
import { median, pairedRounds } from './statistics.mjs';

const FILE_BYTES = 50 * 1024 * 1024;

/** Streams one multipart upload (fields first, then the file from disk); resolves with the status. */
function upload(server, path, { file, hash, name }) {
  const boundary = `----taxlibench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    [
      ['categoryId', '5'],
      ['taxYear', String(new Date().getFullYear() - 1)],
      ['hashes[]', hash],
    ]
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path,
      headers: {
        origin: server.origin,
        cookie: server.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + FILE_BYTES + tail.length,
      },
    });
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

async function timed(server, path, input) {
  const started = process.hrtime.bigint();
  const status = await upload(server, path, input);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** An upload's seconds with the server's account of it (upload-server.mjs, GET /bench/phases). */
async function timedWithPhases(server, path, input) {
  const seconds = await timed(server, path, input);
  const phases = await (await fetch(`http://127.0.0.1:${server.port}/bench/phases`)).json();
  return { seconds, ...phases };
}

const PHASES = ['bodyMs', 'answerMs', 'writeMs', 'fsyncMs', 'renameMs', 'directorySyncMs', 'cpuMs', 'mainThreadBusy', 'readsPending'];

/**
 * Where the slow rounds lose: the median of each phase of both routes over the rounds whose ratio is
 * under the median, and over the others. bodyMs: until the body has all arrived (the parse keeps up,
 * or the client waits: back-pressure); answerMs: until the answer left; writeMs, fsyncMs, renameMs,
 * directorySyncMs: the real endpoint's blob store (awaited disk calls); cpuMs: the server process's
 * CPU time (all threads) during the upload; mainThreadBusy: the share of the upload's time the main
 * thread was busy (event loop utilisation); readsPending: documents waiting for their read (issue 29).
 */
function phaseProfile(raw, real, ratios) {
  const cut = median(ratios);
  const groups = { slow: ratios.map((r, i) => (r < cut ? i : -1)).filter((i) => i >= 0), fast: ratios.map((r, i) => (r >= cut ? i : -1)).filter((i) => i >= 0) };
  const medianOf = (rounds, indexes, key) => {
    const values = indexes.map((i) => rounds[i][key]).filter((v) => typeof v === 'number');
    return values.length ? +median(values).toFixed(1) : null;
  };
  return Object.fromEntries(
    Object.entries(groups).map(([name, indexes]) => [
      name,
      {
        rounds: indexes.length,
        ratio: +median(indexes.map((i) => ratios[i])).toFixed(2),
        real: Object.fromEntries(PHASES.map((key) => [key, medianOf(real, indexes, key)]).filter(([, v]) => v !== null)),
        baseline: Object.fromEntries(['bodyMs', 'answerMs', 'cpuMs', 'mainThreadBusy'].map((key) => [key, medianOf(raw, indexes, key)])),
      },
    ]),
  );
}

async function peakGrowth(server, inputs) {
  const base = `http://127.0.0.1:${server.port}/bench/memory`;
  await fetch(`${base}/reset`, { method: 'POST', headers: { origin: server.origin } });
  await Promise.all(inputs.map((input) => timed(server, '/api/files/upload', input)));
  return (await (await fetch(base)).json()).growth;
}

export async function measureUploads({ rounds = 31 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'taxli-bench-upload-'));
  const file = join(dir, 'fifty.pdf');
  const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)]);
  writeFileSync(file, content);
  const hash = createHash('sha256').update(content).digest('hex');
  // Both cores for the server: the endpoint hashes on a worker thread beside the parse,
  // and the baseline route has the second core for its writes; the load generator, which only
  // streams a file from the page cache, shares core 1.
  const server = await startPinnedServer('./upload-server.mjs', { nodeArgs: ['--expose-gc'], cores: '0,1' });
  try {
    const input = (n) => ({ file, hash, name: `bench-${n}.pdf` });
    // Memory first, on the fresh process: growth above its idle footprint.
    const growth1 = await peakGrowth(server, [input(100)]);
    const growth4 = await peakGrowth(server, [101, 102, 103, 104].map(input));
    await timed(server, '/bench/raw-upload', input(0)); // warm-up
    await timed(server, '/api/files/upload', input(0));
    // The disk of a virtual machine has slow phases, so the routes are timed in pairs and the
    // ratio is the median of the pairs' ratios.
    const [rawRounds, realRounds] = await pairedRounds(
      rounds,
      (round) => timedWithPhases(server, '/bench/raw-upload', input(round)),
      (round) => timedWithPhases(server, '/api/files/upload', input(round)),
    );
    const raw = rawRounds.map((r) => r.seconds);
    const real = realRounds.map((r) => r.seconds);
    const mb = FILE_BYTES / (1024 * 1024);
    const ratios = raw.map((r, i) => r / real[i]);
    return {
      rounds,
      throughputMBps: +(mb / Math.min(...real)).toFixed(1),
      baselineMBps: +(mb / Math.min(...raw)).toFixed(1),
      ratio: +median(ratios).toFixed(2),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)].map((x) => +x.toFixed(2)),
      peakRssGrowth1MB: +(growth1 / 2 ** 20).toFixed(1),
      peakRssGrowth4MB: +(growth4 / 2 ** 20).toFixed(1),
      phases: phaseProfile(rawRounds, realRounds, ratios),
    };
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureUploads(), null, 2));
