// Child process of the bench runner (pinned to its own core): the real app plus two comparison
// routes registered only here. Prints one JSON line {port, cookie} once it listens.
//   /bench/hello    - a bare route of the same app (framework floor)
//   /bench/raw/user - replays, through the database driver's own client, exactly the SQL statements
//                     that one GET /api/user executed (raw-replay.mjs), so the ratio isolates what
//                     the ORM, session plugin and serialisation add.
//   /api/address/search - the address search (D9) answered from its cache: the stand-in geocoder of
//                     the tests (on loopback) is asked once, before the load.
//   /api/inbox      - the person's review inbox (issue 29) with three letters read by the real
//                     readers, each uploaded in a category the reader suggests moving it from;
//                     /bench/raw/inbox replays its SQL.
import { buildBenchApp, signIn } from './bench-app.mjs';
import { rawReplays } from './raw-replay.mjs';
import { startFakeNominatim } from '../../apps/server/src/test/fake-nominatim.ts';
import { multipart, uploadParts } from '../../apps/server/src/test/multipart.ts';
import { textPdf } from '../../apps/server/src/test/text-documents.ts';

const INBOX_YEAR = new Date().getFullYear() - 1;
const BANK_CATEGORY = 1;
const LETTERS = [
  ['Mietzinsabrechnung', 'Mieteinnahmen Wohnung Seestrasse 4: CHF 22200.00', 'Verwaltung: Wohnbau AG, Bahnhofstrasse 12, 8001 Zürich'],
  ['Lohnausweis', 'Arbeitgeber: Muster AG, 8000 Zürich', 'Bruttolohn CHF 88559.20, Nettolohn CHF 77747.15'],
  ['Krankenkasse Prämienrechnung', 'Grundversicherung KVG, Prämie CHF 412.50 pro Monat', 'Versicherte Person: Anna Muster'],
];

/** Uploads a PDF through the real endpoint and waits until its read has ended; answers its file id. */
async function uploadAndRead(app, cookie, origin, name, pdf) {
  const { payload, contentType } = multipart(uploadParts(BANK_CATEGORY, INBOX_YEAR, [{ filename: name, data: pdf }]));
  const headers = { cookie, origin, 'content-type': contentType };
  const uploaded = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers });
  const [file] = uploaded.json().files ?? [];
  if (file?.status !== 'fulfilled') throw new Error(`upload refused: ${uploaded.body}`);
  for (let look = 0; look < 600; look++) {
    const read = (await app.inject({ method: 'GET', url: `/api/files/${file.value.fileId}/extraction`, headers: { cookie } })).json();
    if (read.status !== 'pending') return file.value.fileId;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not read`);
}

const geocoder = await startFakeNominatim();
process.env.NOMINATIM_URL = geocoder.url;
const { app, database, config, mails, close } = await buildBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });

const replays = rawReplays(app, database);
app.get('/bench/hello', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
const port = app.server.address().port;
const cookie = await signIn(app, mails, config.publicOrigin);

const statements = await replays.record('user', '/api/user', { cookie });
for (const [index, lines] of LETTERS.entries()) await uploadAndRead(app, cookie, config.publicOrigin, `letter-${index + 1}.pdf`, Buffer.from(await textPdf([lines])));
const inboxPath = `/api/inbox?taxYear=${INBOX_YEAR}`;
const inboxItems = (await app.inject({ method: 'GET', url: inboxPath, headers: { cookie } })).json().items.length;
const inboxStatements = await replays.record('inbox', inboxPath, { cookie });
const warmed = await app.inject({ method: 'GET', url: '/api/address/search?q=Bahnhofstrasse', headers: { cookie } });
if (warmed.statusCode !== 200) throw new Error(`GET /api/address/search answered ${warmed.statusCode}`);

process.stdout.write(`${JSON.stringify({ port, cookie, statements, inboxPath, inboxItems, inboxStatements, driver: database.driver })}\n`);
process.on('SIGTERM', async () => {
  await close();
  await geocoder.close();
  process.exit(0);
});
