// Storage-fault figure (issue 26): a batch of uploads during which the blob store fails (from the
// first quarter of the batch to the third, every write at a random byte with ENOSPC or EIO, as a
// disk that fills or breaks would; storage-fault-server.mjs), on loopback, bounded by its count.
// Counted: the answers by status, whether the server process lived through it (it must answer
// /api/health after), files answered as stored that cannot be downloaded whole (their SHA-256
// compared), and what the fault left on disk (partial files, blobs without a row).
import { createHash, randomBytes } from 'node:crypto';
import { startPinnedServer } from './pinned-server.mjs';

const UPLOADS = 400;
const CONNECTIONS = 20; // four per account, the per-account limit of running uploads
const FILE_BYTES = 96 * 1024;
const TAX_YEAR = new Date().getFullYear() - 1;
const RUN = randomBytes(8).toString('hex');

function uploadBody(n) {
  const content = Buffer.concat([Buffer.from(`%PDF-1.4\n% storage fault bench ${RUN} ${n}\n`), randomBytes(FILE_BYTES)]);
  const hash = createHash('sha256').update(content).digest('hex');
  const boundary = `taxli-fault-${n}`;
  const part = (headers, value) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), value, Buffer.from('\r\n')]);
  const body = Buffer.concat([
    part('Content-Disposition: form-data; name="categoryId"', Buffer.from('1')),
    part('Content-Disposition: form-data; name="taxYear"', Buffer.from(String(TAX_YEAR))),
    part('Content-Disposition: form-data; name="hashes[]"', Buffer.from(hash)),
    part(`Content-Disposition: form-data; name="files"; filename="statement-${n}.pdf"\r\nContent-Type: application/pdf`, content),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, hash, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function measureStorageFault() {
  const server = await startPinnedServer('./storage-fault-server.mjs');
  const base = `http://127.0.0.1:${server.port}`;
  const statuses = {};
  const stored = []; // { hash, blobUrl, cookie } of every file a 200 called stored
  let failures = 0; // requests with no answer at all (a crash would make every later one such)
  let next = 0;
  const setFailing = (failing) =>
    fetch(`${base}/bench/storage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ failing }) });
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, connection) => {
        const cookie = server.cookies[connection % server.cookies.length];
        while (next < UPLOADS) {
          const n = next++;
          if (n === UPLOADS / 4) await setFailing(true);
          if (n === (UPLOADS * 3) / 4) await setFailing(false);
          const { body, hash, contentType } = uploadBody(n);
          try {
            const response = await fetch(`${base}/api/files/upload`, { method: 'POST', headers: { cookie, origin: server.origin, 'content-type': contentType }, body });
            const answer = await response.json();
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            if (response.status !== 200) continue;
            for (const file of answer.files) if (file.status === 'fulfilled') stored.push({ hash, blobUrl: file.value.blobUrl, cookie });
          } catch {
            failures++;
          }
        }
      }),
    );
    const health = (await fetch(`${base}/api/health`)).status;
    let lost = 0;
    for (const file of stored) {
      const response = await fetch(`${base}${file.blobUrl}`, { headers: { cookie: file.cookie } });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || createHash('sha256').update(bytes).digest('hex') !== file.hash) lost++;
    }
    const disk = await (await fetch(`${base}/bench/storage-state`)).json();
    return { uploads: UPLOADS, fileBytes: FILE_BYTES, statuses, noAnswer: failures, health, stored: stored.length, lost, ...disk };
  } finally {
    server.stop();
  }
}
