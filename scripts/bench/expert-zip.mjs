// Expert ZIP figure (issue 27): a person uploads 20 files of 50 MB through the real endpoint
// (hash check, encryption, durable write) and transmits the year; then the expert's ZIP of the
// year (all 20 decrypted and archived on the fly) against one 50 MB download of the same build
// (the person's own, decrypted on the fly too), in paired rounds, and the server's resident memory
// growth while it streams the ZIP. Runnable alone after `npm run build`:
//   node_modules/.bin/node scripts/bench/expert-zip.mjs
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPinnedServer } from './pinned-server.mjs';
import { median, pairedRounds } from './statistics.mjs';

const FILE_BYTES = 50 * 1024 * 1024;
const FILES = 20;
/** The required categories, so the archive has a few folders as a real year does. */
const CATEGORIES = [1, 2, 3, 4, 5, 21];

/** Streams one upload of `file` (fields first, then the file from disk); resolves with the status. */
function upload(server, { file, hash, name, categoryId }) {
  const boundary = `----taxlibench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    [
      ['categoryId', String(categoryId)],
      ['taxYear', String(server.taxYear)],
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
      path: '/api/files/upload',
      headers: {
        origin: server.origin,
        cookie: server.personCookie,
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

/** Downloads `path` as fast as the client can read it; resolves with the seconds and bytes. */
function download(server, path, cookie) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { cookie } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200 || !response.complete || bytes !== Number(response.headers['content-length'])) {
          reject(new Error(`${path}: ${response.statusCode}, ${bytes} of ${response.headers['content-length']} bytes`));
        } else resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const json = async (server, method, path, cookie, body) => {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers: { origin: server.origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
};

/** Waits until no file's read is pending any more (the reads of 20 files of 50 MB take a minute or two here). */
async function readsSettled(server, files) {
  const deadline = Date.now() + 10 * 60_000;
  for (const file of files) {
    while ((await json(server, 'GET', `/api/files/${file.id}/extraction`, server.personCookie)).status === 'pending') {
      if (Date.now() > deadline) throw new Error(`the read of file ${file.id} is still pending after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function measureExpertZip({ rounds = 7 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'taxli-bench-zip-'));
  const file = join(dir, 'fifty.pdf');
  writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)]));
  // The server on core 0, as the API figures; this process (the uploads' and downloads' client) on core 1.
  const server = await startPinnedServer('./expert-zip-server.mjs', { nodeArgs: ['--expose-gc'] });
  try {
    for (let n = 0; n < FILES; n++) {
      // Bytes of their own for each file: 16 bytes after the header, and the hash of the whole.
      const fd = openSync(file, 'r+');
      writeSync(fd, randomBytes(16), 0, 16, 9);
      closeSync(fd);
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      const status = await upload(server, { file, hash, name: `Beleg ${String(n + 1).padStart(2, '0')}.pdf`, categoryId: CATEGORIES[n % CATEGORIES.length] });
      if (status !== 200) throw new Error(`upload ${n} answered ${status}`);
    }
    const transmitted = await json(server, 'POST', '/api/tax-year-status/transmit', server.personCookie, { taxYear: server.taxYear });
    if (transmitted.fileCount !== FILES) throw new Error(`transmitted ${transmitted.fileCount} files`);
    const files = await json(server, 'GET', `/api/files?taxYear=${server.taxYear}`, server.personCookie);
    const [one] = files;
    const single = () => download(server, one.blobUrl, server.personCookie);
    const zipPath = `/api/expert/returns/${server.personId}/${server.taxYear}/documents.zip`;
    const zip = () => download(server, zipPath, server.expertCookie);

    /** The server's peak resident memory above its level before `run` (after a forced collection). */
    const growthDuring = async (run) => {
      await json(server, 'POST', '/bench/memory/reset', server.expertCookie);
      const result = await run();
      return { ...result, growth: (await json(server, 'GET', '/bench/memory', server.expertCookie)).growth };
    };
    // Each upload queued a read of the document (issue 29), which holds the decrypted file in the
    // server while it hands it to the reader process: the ZIP is measured after the reads, and the
    // reads' own growth (from the last upload on) is reported beside it.
    const reads = await growthDuring(() => readsSettled(server, files));
    // Then memory, on a process that has stored the files but not served a download yet.
    const { bytes: zipBytes, growth } = await growthDuring(zip);

    await single(); // warm-up of the other route
    const [singles, zips] = await pairedRounds(rounds, single, zip);
    // And again once both routes have run (what a running server's next ZIP costs), beside one 50 MB download.
    const warmZip = await growthDuring(zip);
    const warmSingle = await growthDuring(single);
    const mbps = ({ seconds, bytes }) => bytes / 2 ** 20 / seconds;
    const ratios = zips.map((z, i) => mbps(z) / mbps(singles[i]));
    return {
      rounds,
      files: FILES,
      zipMB: +(zipBytes / 2 ** 20).toFixed(1),
      singleMBps: +median(singles.map(mbps)).toFixed(1),
      zipMBps: +median(zips.map(mbps)).toFixed(1),
      ratio: +median(ratios).toFixed(2),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)].map((x) => +x.toFixed(2)),
      peakRssGrowthMB: +(growth / 2 ** 20).toFixed(1),
      peakRssGrowthWarmMB: +(warmZip.growth / 2 ** 20).toFixed(1),
      singlePeakRssGrowthMB: +(warmSingle.growth / 2 ** 20).toFixed(1),
      readsPeakRssGrowthMB: +(reads.growth / 2 ** 20).toFixed(1),
    };
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  console.log(await measureExpertZip());
}
