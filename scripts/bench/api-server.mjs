// Child process of the bench runner (pinned to its own core): the real app plus two comparison
// routes registered only here. Prints one JSON line {port, cookie} once it listens.
//   /bench/hello    - a bare route of the same app (framework floor)
//   /bench/raw-user - replays, through the database driver's own client, exactly the SQL statements
//                     that one GET /api/user executed (recorded below), so the ratio isolates what
//                     the ORM, session plugin and serialisation add.
//   /api/address/search - the address search (D9) answered from its cache: the stand-in geocoder of
//                     the tests (on loopback) is asked once, before the load.
import { buildBenchApp, signIn } from './bench-app.mjs';
import { startFakeNominatim } from '../../apps/server/src/test/fake-nominatim.ts';

const geocoder = await startFakeNominatim();
process.env.NOMINATIM_URL = geocoder.url;
const { app, database, config, mails, close } = await buildBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });

const recorded = [];
let recording = false;
const client = database.client;
const originalQuery = client.query.bind(client);
client.query = (...args) => {
  if (recording) recorded.push(args);
  return originalQuery(...args);
};

app.get('/bench/hello', async () => ({ hello: 'world' }));
app.get('/bench/raw-user', async (request, reply) => {
  let result;
  for (const args of recorded) result = await originalQuery(...args);
  reply.header('cache-control', 'no-store');
  return database.driver === 'pg' ? result.rows[0] : result.rows[0];
});

await app.listen({ port: 0, host: '127.0.0.1' });
const port = app.server.address().port;
const cookie = await signIn(app, mails, config.publicOrigin);

recording = true;
const probe = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
recording = false;
if (probe.statusCode !== 200) throw new Error(`GET /api/user answered ${probe.statusCode}`);
if (recorded.length === 0) throw new Error('no SQL recorded for GET /api/user');
const warmed = await app.inject({ method: 'GET', url: '/api/address/search?q=Bahnhofstrasse', headers: { cookie } });
if (warmed.statusCode !== 200) throw new Error(`GET /api/address/search answered ${warmed.statusCode}`);

process.stdout.write(`${JSON.stringify({ port, cookie, statements: recorded.length, driver: database.driver })}\n`);
process.on('SIGTERM', async () => {
  await close();
  await geocoder.close();
  process.exit(0);
});
