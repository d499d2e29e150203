// `npm run bench`: every performance figure of docs/performance.md in one run, on this machine.
// The load generator (this process) is pinned to core 1; servers it starts are pinned to core 0,
// except the upload server, which has both cores (upload.mjs says why).
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { measureApiThroughput } from './api-throughput.mjs';
import { measureBrowserHashing } from './browser-hashing.mjs';
import { measureEch0196Read, printEch0196Figures } from './ech-0196-read.mjs';
import { measureExpertZip } from './expert-zip.mjs';
import { measureLoginBundleOfBuiltApp } from './login-bundle.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureLoad } from './load.mjs';
import { measurePageChunks } from './page-chunks.mjs';
import { measureQueueThroughput, printQueueFigures, QUEUE_HEADING } from './queue-throughput.mjs';
import { measureStorageFault } from './storage-fault.mjs';
import { measureUploads } from './upload.mjs';
import { measureOcr, printOcrFigures } from './ocr.mjs';
import { measureReading, printReadingFigures } from './reading.mjs';
import { GOALS } from './goals.mjs';

spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
console.log(`Taxli benchmark — ${new Date().toISOString()}\nMachine: ${machine}\n`);

const drivers = [{ name: 'PGlite', url: undefined }];
if (process.env.TEST_DATABASE_URL) drivers.push({ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL });

console.log('Authenticated GET /api/user (autocannon, 10 connections; 9 interleaved rounds of 2 s per route after a 3 s warm-up; each ÷ raw SQL the median of the rounds\' ratios)');
for (const driver of drivers) {
  const result = await measureApiThroughput({ databaseUrl: driver.url });
  console.log(`  ${driver.name} (${result.statements} SQL statements per request)`);
  for (const [name, figures] of Object.entries(result.routes)) {
    console.log(`    ${name.padEnd(28)} ${String(figures.rps).padStart(7)} req/s   p99 ${figures.p99ms} ms`);
  }
  const verdict = result.userVsRaw >= GOALS.apiVsRawSql ? 'goal met' : 'BELOW GOAL';
  console.log(`    GET /api/user ÷ raw SQL: ${result.userVsRaw} (goal ≥ ${GOALS.apiVsRawSql}, ${verdict}; rounds ${result.userVsRawRounds.join(', ')}); ÷ hello: ${result.userVsHello}`);
  const inboxVerdict = result.inboxVsRaw >= GOALS.apiVsRawSql ? 'goal met' : 'BELOW GOAL';
  console.log(`    GET /api/inbox ÷ raw SQL (${result.inboxStatements} statements): ${result.inboxVsRaw} (goal ≥ ${GOALS.apiVsRawSql}, ${inboxVerdict}; rounds ${result.inboxVsRawRounds.join(', ')})`);
}

console.log(`\n${QUEUE_HEADING}`);
for (const driver of drivers) printQueueFigures(driver.name, await measureQueueThroughput({ databaseUrl: driver.url }));

console.log('\nLoad: 100 connections for 20 s (25 accounts, four connections each; flood guard raised)');
// Which kind of error, so that a figure says whether the server refused or the load generator gave up.
const kinds = ({ errorKinds: { non2xx, socket, timeouts } }) => `${non2xx} non-2xx, ${socket} socket, ${timeouts} time-outs`;
for (const driver of drivers) {
  const { user, uploads } = await measureLoad({ databaseUrl: driver.url });
  const verdict = uploads.errors === 0 && uploads.lost === 0 && user.errors === 0 ? 'goal met' : 'BELOW GOAL';
  console.log(`  ${driver.name}: GET /api/user ${user.rps} req/s, p99 ${user.p99ms} ms, ${user.errors} errors (${kinds(user)})`);
  console.log(
    `  ${''.padEnd(driver.name.length)}  small uploads (2 KB PDF) ${uploads.rps} req/s, p99 ${uploads.p99ms} ms, ${uploads.errors} errors (${kinds(uploads)}, ${uploads.refused} files refused), ${uploads.lost} lost of ${uploads.answeredStored} stored (goal: 0 errors, 0 lost, ${verdict})`,
  );
}

const fault = await measureStorageFault();
const answered = Object.entries(fault.statuses).map(([status, count]) => `${count} × ${status}`).join(', ');
const faultVerdict = fault.noAnswer === 0 && fault.health === 200 && fault.lost === 0 && fault.partial === 0 && fault.blobs === fault.rows ? 'goal met' : 'BELOW GOAL';
console.log(`\nStorage fault: ${fault.uploads} uploads of ${fault.fileBytes / 1024} KB over 20 connections, the blob store failing (ENOSPC or EIO at a random byte) from the first quarter to the third`);
console.log(`  answers ${answered}; ${fault.noAnswer} without an answer; /api/health after: ${fault.health}`);
console.log(`  ${fault.lost} lost of ${fault.stored} answered as stored (downloaded, SHA-256 compared); left on disk: ${fault.partial} partial files, ${fault.blobs} blobs for ${fault.rows} rows (goal: every request answered, the server up, 0 lost, nothing left; ${faultVerdict})`);

const bundle = await measureLoginBundleOfBuiltApp();
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`\nJavaScript /login loads first: ${kb(bundle.totalGzip)} KB gzip (${kb(bundle.totalRaw)} KB raw, ${bundle.files.length} files); budget 150 KB, ${bundle.totalGzip <= 150 * 1024 ? 'within budget' : 'OVER BUDGET'}`);

for (const chunk of measurePageChunks()) {
  const size = chunk.file ? `${kb(chunk.gzip)} KB gzip (${kb(chunk.raw)} KB raw, ${chunk.file})` : 'not found in the build';
  console.log(`Lazy chunk of the ${chunk.name}: ${size}`);
}

const lighthouse = await measureLighthouse();
console.log(`\nLighthouse (mobile: simulated slow 4G, ${lighthouse.dashboard.cpuSlowdown}× CPU slowdown; the expert queue with the desktop preset), median of ${lighthouse.runs} fresh-profile runs; goal: every run ≥ ${GOALS.lighthouse}`);
for (const [page, r] of [
  ['/login (first visit, intro)', lighthouse.login],
  ['/ (signed-in dashboard)', lighthouse.dashboard],
  ['/profile?setup=tax (wizard)', lighthouse.wizard],
  ['/advanced-tax-info', lighthouse.advanced],
  ['/expert (queue, desktop)', lighthouse.expertQueue],
]) {
  const atGoal = r.scores.filter((score) => score >= GOALS.lighthouse).length;
  console.log(
    `  ${page.padEnd(28)} performance ${r.performance} (runs ${r.scores.join(', ')}; ${atGoal} of ${r.scores.length} ≥ ${GOALS.lighthouse}, ${atGoal === r.scores.length ? 'goal met' : 'BELOW GOAL'}), accessibility ${r.accessibility}, best practices ${r.bestPractices}`,
  );
  console.log(`  ${''.padEnd(28)} FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls} (Lighthouse's benchmark index of the machine: ${r.benchmarkIndex})`);
}

const uploads = await measureUploads();
console.log(`\nUpload of a 50 MB file over loopback (PGlite, local encrypted storage; server on both cores; ${uploads.rounds} rounds, the two routes back to back in each)`);
console.log(`  real endpoint (hash check, encryption, durable write): ${uploads.throughputMBps} MB/s (best round)`);
console.log(`  same build, body streamed to disk only:               ${uploads.baselineMBps} MB/s (best round)`);
console.log(`  ratio, median of the rounds: ${uploads.ratio} (rounds ${uploads.ratioRange.join('–')}; goal ≥ ${GOALS.uploadRatio}, ${uploads.ratio >= GOALS.uploadRatio ? 'goal met' : 'BELOW GOAL'})`);
console.log(`  peak server memory growth: 1 upload ${uploads.peakRssGrowth1MB} MB (goal < 64), 4 concurrent ${uploads.peakRssGrowth4MB} MB (goal ≤ 50)`);
for (const [name, group] of Object.entries(uploads.phases)) {
  const { real, baseline } = group;
  console.log(
    `  ${name} half of the rounds (ratio ${group.ratio}): endpoint ${real.answerMs} ms (body in ${real.bodyMs}, disk writes ${real.writeMs}, fsync ${real.fsyncMs}; main thread busy ${real.mainThreadBusy}, CPU ${real.cpuMs} ms, ${real.readsPending} reads waiting), baseline ${baseline.answerMs} ms (main thread busy ${baseline.mainThreadBusy}, CPU ${baseline.cpuMs} ms)`,
  );
}

const zip = await measureExpertZip();
console.log(`\nExpert ZIP of a year, ${zip.files} files × 50 MB (${zip.zipMB} MB; PGlite, local encrypted storage; server on core 0; ${zip.rounds} rounds paired with one 50 MB download)`);
console.log(`  one 50 MB download (decrypted on the fly): ${zip.singleMBps} MB/s; the ZIP (each file decrypted and archived on the fly): ${zip.zipMBps} MB/s (medians)`);
console.log(`  ratio, median of the rounds: ${zip.ratio} (rounds ${zip.ratioRange.join('–')}; goal ≥ 0.8, ${zip.ratio >= 0.8 ? 'goal met' : 'BELOW GOAL'})`);
console.log(
  `  peak server memory growth during the ZIP: ${zip.peakRssGrowthMB} MB on a process that has stored and read the files, ${zip.peakRssGrowthWarmMB} MB later (one 50 MB download: ${zip.singlePeakRssGrowthMB} MB; goal ≤ 50, ${Math.max(zip.peakRssGrowthMB, zip.peakRssGrowthWarmMB) <= 50 ? 'goal met' : 'ABOVE GOAL'}); while the uploads' reads finished: ${zip.readsPeakRssGrowthMB} MB`,
);

const hashing = await measureBrowserHashing();
console.log(`\nBrowser hashing of a 50 MB file in Chromium (${hashing.rounds} unobserved paired rounds after a warm-up, medians; heap from 3 sampled rounds)`);
console.log(`  dashboard worker (SIMD WebAssembly SHA-256, streamed): ${hashing.workerMs} ms, heap growth ${hashing.workerHeapGrowthMB} MB (goal ≤ 10)`);
console.log(`  crypto.subtle.digest of the whole file:  ${hashing.subtleMs} ms, heap growth ${hashing.subtleHeapGrowthMB} MB`);
console.log(`  speed ${hashing.speedVsSubtle}x of crypto.subtle, median of the rounds (rounds ${hashing.speedRange.join('–')}; goal ≥ 0.5, ${hashing.speedVsSubtle >= 0.5 ? 'goal met' : 'BELOW GOAL'})`);
console.log(`  best round: worker ${hashing.bestWorkerMs} ms, crypto.subtle ${hashing.bestSubtleMs} ms`);
console.log(`  while the heap was sampled: worker ${hashing.sampledWorkerMs} ms, crypto.subtle ${hashing.sampledSubtleMs} ms`);

printEch0196Figures(await measureEch0196Read());
printReadingFigures(await measureReading());
console.log('\nOCR of an A4 photo (deu+fra+ita+eng), in a process of its own');
printOcrFigures(measureOcr());
