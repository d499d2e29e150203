// Child process of the bench runner (pinned to its own core): the real app plus two comparison
// routes registered only here. Prints one JSON line {port, cookie} once it listens.
//   /bench/hello    - a bare route of the same app (framework floor)
//   /bench/raw/user - replays, through the database driver's own client, exactly the SQL statements
//                     that one GET /api/user executed (raw-replay.mjs), so the ratio isolates what
//                     the ORM, session plugin and serialisation add.
//   /api/address/search - the address search (D9) answered from its cache: the stand-in geocoder of
//                     the tests (on loopback) is asked once, before the load.
import { buildBenchApp, signIn } from './bench-app.mjs';
import { rawReplays } from './raw-replay.mjs';
import { startFakeNominatim } from '../../apps/server/src/test/fake-nominatim.ts';

const geocoder = await startFakeNominatim();
process.env.NOMINATIM_URL = geocoder.url;
const { app, database, config, mails, close } = await buildBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });

const replays = rawReplays(app, database);
app.get('/bench/hello', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
const port = app.server.address().port;
const cookie = await signIn(app, mails, config.publicOrigin);

const statements = await replays.record('user', '/api/user', cookie);
const warmed = await app.inject({ method: 'GET', url: '/api/address/search?q=Bahnhofstrasse', headers: { cookie } });
if (warmed.statusCode !== 200) throw new Error(`GET /api/address/search answered ${warmed.statusCode}`);

process.stdout.write(`${JSON.stringify({ port, cookie, statements, driver: database.driver })}\n`);
process.on('SIGTERM', async () => {
  await close();
  await geocoder.close();
  process.exit(0);
});
