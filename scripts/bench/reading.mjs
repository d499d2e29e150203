// Documents that read themselves (issue 29), on the built server (`npm run build` first):
// - the readers alone: a salary certificate PDF (barcodes) and an e-tax statement PDF whose XML is
//   only in its Macro PDF417 barcodes, medians of a few rounds after a first read;
// - the whole path: 20 salary certificates uploaded at once (one selection of 20 files, the most
//   one upload takes) into a real app on PGlite, from the upload until the job queue has read every
//   one, one reader worker at a time.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildBenchApp, signIn } from './bench-app.mjs';

const dist = (path) => new URL(`../../apps/server/dist/${path}`, import.meta.url).href;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const UPLOADS_AT_ONCE = 20;

async function time(run) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function readersAlone(rounds) {
  const { readSalaryCertificate } = await import(dist('features/extraction/readers/salary-certificate.js'));
  const { readEch0196 } = await import(dist('features/extraction/readers/ech-0196/read-ech-0196.js'));
  const salary = await import(dist('features/extraction/test-documents/salary-certificate.js'));
  const statement = await import(dist('features/extraction/test-documents/ech-0196.js'));
  const certificate = { bytes: await salary.salaryCertificatePdf(salary.salarySymbolBytes(salary.txabZip(salary.txabXml(salary.sampleCertificate)))), contentType: 'application/pdf', fileName: 'lohnausweis.pdf' };
  const barcodes = { bytes: await statement.buildStatementBarcodePdf(), contentType: 'application/pdf', fileName: 'steuerauszug.pdf' };
  // Each read gets its own copy: a reader may hand its bytes on (pdf.js detaches what it is given).
  const copy = (input) => ({ ...input, bytes: input.bytes.slice() });
  const firstSalaryMs = await time(() => readSalaryCertificate(copy(certificate)));
  const firstStatementMs = await time(() => readEch0196(copy(barcodes)));
  const salaryMs = [];
  const statementMs = [];
  for (let round = 0; round < rounds; round += 1) {
    salaryMs.push(await time(() => readSalaryCertificate(copy(certificate))));
    statementMs.push(await time(() => readEch0196(copy(barcodes))));
  }
  return { certificate: certificate.bytes, firstSalaryMs, firstStatementMs, salaryMs: median(salaryMs), statementMs: median(statementMs) };
}

/** One multipart upload of several files, as the dashboard sends a selection (at most 20). */
function uploadBody(files, taxYear) {
  const boundary = `----taxlibench${randomBytes(8).toString('hex')}`;
  const field = (key, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const hashes = files.map(({ bytes }) => field('hashes[]', createHash('sha256').update(bytes).digest('hex'))).join('');
  const parts = files.flatMap(({ name, bytes }) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([Buffer.from(field('categoryId', '1') + field('taxYear', String(taxYear)) + hashes), ...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadsAtOnce(certificate) {
  const { app, mails, config, close } = await buildBenchApp();
  const origin = config.publicOrigin;
  const taxYear = new Date().getFullYear() - 1;
  try {
    await app.ready();
    const cookie = await signIn(app, mails, origin);
    // Each its own file: the certificate with a comment line more, so no two are the same document.
    const files = Array.from({ length: UPLOADS_AT_ONCE }, (_, n) => ({ name: `lohnausweis-${n}.pdf`, bytes: Buffer.concat([certificate, Buffer.from(`\n%${n}\n`)]) }));
    const { payload, contentType } = uploadBody(files, taxYear);
    const start = performance.now();
    const answer = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin, cookie, 'content-type': contentType } });
    const uploadedMs = performance.now() - start;
    const ids = answer.json().files.map((file) => file.value.fileId);
    const statuses = new Map();
    while (statuses.size < ids.length) {
      for (const id of ids.filter((id) => !statuses.has(id))) {
        const read = (await app.inject({ method: 'GET', url: `/api/files/${id}/extraction`, headers: { cookie } })).json();
        if (read.status !== 'pending') statuses.set(id, `${read.status}${read.kind ? ` ${read.kind}` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const counts = {};
    for (const status of statuses.values()) counts[status] = (counts[status] ?? 0) + 1;
    return { uploadedMs, allReadMs: performance.now() - start, counts };
  } finally {
    await close();
  }
}

export async function measureReading({ rounds = 5 } = {}) {
  const alone = await readersAlone(rounds);
  const together = await uploadsAtOnce(alone.certificate);
  return { rounds, ...alone, ...together };
}

export function printReadingFigures(r) {
  const verdict = (ms, goal) => `goal ≤ ${goal}, ${ms <= goal ? 'goal met' : 'ABOVE GOAL'}`;
  console.log(`\nDocuments read (readers alone, medians of ${r.rounds} rounds after a first read)`);
  console.log(`  salary certificate PDF (its barcodes): ${Math.round(r.salaryMs)} ms (first ${Math.round(r.firstSalaryMs)} ms; ${verdict(r.salaryMs, 1000)})`);
  console.log(`  e-tax statement PDF, barcodes only: ${Math.round(r.statementMs)} ms (first ${Math.round(r.firstStatementMs)} ms; ${verdict(r.statementMs, 2000)})`);
  console.log(`  ${UPLOADS_AT_ONCE} certificates in one upload: answered in ${Math.round(r.uploadedMs)} ms, all read after ${(r.allReadMs / 1000).toFixed(1)} s (${JSON.stringify(r.counts)})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printReadingFigures(await measureReading());
