// Child process of the load figure (load.mjs), pinned to its own core: the real app, and ACCOUNTS
// signed-in people (each keeps at most a few connections, as a person's browser would). Prints one
// JSON line {port, origin, cookies} once it listens; /bench/stored-hashes lists what is stored.
import { buildBenchApp, signIn } from './bench-app.mjs';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 25);
const { app, database, config, mails, close } = await buildBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });

// Not an API route: only this bench process has it, to compare the answers with what was stored.
app.get('/bench/stored-hashes', async () => {
  const result = await database.client.query('select sha256 from document_versions');
  return { hashes: result.rows.map((row) => row.sha256) };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const cookies = [];
for (let i = 0; i < ACCOUNTS; i++) cookies.push(await signIn(app, mails, config.publicOrigin));
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, origin: config.publicOrigin, cookies })}\n`);
process.on('SIGTERM', async () => {
  await close();
  process.exit(0);
});
