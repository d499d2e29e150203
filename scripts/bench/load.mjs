// Load figure (docs/performance.md, "Load, 100 connections for 20 s"): 100 connections for 20 s on authenticated GET /api/user, then on small
// uploads, against the real app with the flood guard raised (bench-app.mjs). Connections are shared
// out over 25 accounts, four each: exactly the per-account limit of uploads running at once
// (MAX_CONCURRENT_UPLOADS, not raised for the run), so a 429 TOO_MANY_UPLOADS would count as an
// error. Reports requests per second, p99 latency, errors (non-2xx answers, failed connections,
// files an answer refused) and lost uploads: files an answer called stored whose SHA-256 no version
// row holds. Every file of a run is different (run id and number in its bytes), so rows of other
// files, or of an earlier run on the same PostgreSQL database, cannot hide a loss.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startPinnedServer } from './pinned-server.mjs';

const CONNECTIONS = 100;
const DURATION_S = 20;
const TAX_YEAR = new Date().getFullYear() - 1;
const BOUNDARY = 'taxli-bench-boundary';
const RUN = randomBytes(8).toString('hex');

/** One small PDF upload, different bytes each time (the server keeps identical bytes once). */
function uploadBody(n) {
  const content = Buffer.from(`%PDF-1.4\n% bench upload ${RUN} ${n} ${'x'.repeat(2000)}\n%%EOF\n`);
  const hash = createHash('sha256').update(content).digest('hex');
  const part = (headers, value) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), value, Buffer.from('\r\n')]);
  return Buffer.concat([
    part('Content-Disposition: form-data; name="categoryId"', Buffer.from('1')),
    part('Content-Disposition: form-data; name="taxYear"', Buffer.from(String(TAX_YEAR))),
    part('Content-Disposition: form-data; name="hashes[]"', Buffer.from(hash)),
    part(`Content-Disposition: form-data; name="files"; filename="statement-${n}.pdf"\r\nContent-Type: application/pdf`, content),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const figures = (result) => ({
  rps: Math.round(result.requests.average),
  p99ms: result.latency.p99,
  errors: result.non2xx + result.errors + result.timeouts,
  // Apart, so that a figure says whether the server refused (non-2xx) or the load generator gave up.
  errorKinds: { non2xx: result.non2xx, socket: result.errors, timeouts: result.timeouts },
  ok: result['2xx'],
});

export async function measureLoad({ databaseUrl } = {}) {
  const server = await startPinnedServer('./load-server.mjs', { env: { BENCH_DATABASE_URL: databaseUrl ?? '' } });
  const base = `http://127.0.0.1:${server.port}`;
  /** Each connection keeps one account's cookie: four connections per account. */
  const asAccounts = (extra = {}) => {
    let connection = 0;
    return (client) => client.setHeaders({ cookie: server.cookies[connection++ % server.cookies.length], origin: server.origin, ...extra });
  };
  try {
    const user = figures(await run({ url: `${base}/api/user`, setupClient: asAccounts() }));

    /** Every SHA-256 the database's version rows hold. */
    const storedHashes = async () => new Set((await (await fetch(`${base}/bench/stored-hashes`)).json()).hashes);
    let n = 0;
    const answeredStored = [];
    let refused = 0;
    const upload = await run({
      url: `${base}/api/files/upload`,
      method: 'POST',
      setupClient: asAccounts({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }),
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: uploadBody(n++) }),
          // A 200 answers per file: keep the hash of each file it says was stored.
          onResponse: (status, body) => {
            if (status !== 200) return;
            for (const file of JSON.parse(body).files ?? []) {
              if (file.status === 'fulfilled') answeredStored.push(file.value.hash);
              else refused++;
            }
          },
        },
      ],
    });
    const uploads = figures(upload);
    const inDatabase = await storedHashes();
    const lost = answeredStored.filter((hash) => !inDatabase.has(hash)).length;
    return { user, uploads: { ...uploads, errors: uploads.errors + refused, refused, answeredStored: answeredStored.length, lost } };
  } finally {
    server.stop();
  }
}
