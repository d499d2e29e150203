// Child process of the expert queue figure (queue-throughput.mjs), pinned to its own core: the real
// app on a database seeded with 10 000 people × 3 years (queue-seed.mjs). With BENCH_DATABASE_URL,
// on a PostgreSQL database of its own (bench-app.mjs), dropped on SIGTERM; else on PGlite. Prints one JSON line
// {port, cookie, laterPage, rows, driver} once it listens: the cookie of a signed-in expert, and the
// cursor of a page deep in the queue. `/bench/raw/queue-first-page` and `/bench/raw/queue-search`
// replay the SQL of those two requests (raw-replay.mjs).
import { buildBenchApp, confirmSecondFactor, signIn } from './bench-app.mjs';
import { BROWSER_ACCEPT_ENCODING, QUEUE_SEED_STATEMENTS, SEARCH_TERM } from './queue-seed.mjs';
import { rawReplays } from './raw-replay.mjs';

const bench = await buildBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
const { app, config, mails } = bench;

for (const statement of QUEUE_SEED_STATEMENTS) await bench.database.client.query(statement);

const replays = rawReplays(app, bench.database);
await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await signIn(app, mails, config.publicOrigin);
// The account just signed in is the newest; it works the queue as an expert, and takes over the
// returns of the first seeded expert, so that "mine" is a twentieth of the assigned years.
const [{ id: expertId }] = (await bench.database.client.query(`select max(id) as id from users`)).rows;
await bench.database.client.query(`update users set role = 'expert' where id = $1`, [expertId]);
await confirmSecondFactor(bench.database, expertId);
await bench.database.client.query(
  `update return_cases set assignee_user_id = $1 where assignee_user_id = (select min(id) from users where role = 'expert')`,
  [expertId],
);

// The cursor of page 100 of the queue (rows 5 000 to 5 050): a page deep in the transmitted years.
let laterPage = null;
for (let page = 1; page < 100; page++) {
  const answer = await app.inject({ method: 'GET', url: `/api/expert/returns${laterPage ? `?cursor=${laterPage}` : ''}`, headers: { cookie } });
  if (answer.statusCode !== 200) throw new Error(`GET /api/expert/returns answered ${answer.statusCode}: ${answer.body}`);
  laterPage = answer.json().nextCursor;
}
// The raw-SQL baselines (issue 31): the statements and answer of one request of the first page and of a search.
const asTheLoadAsks = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
const statements = {
  firstPage: await replays.record('queue-first-page', '/api/expert/returns', asTheLoadAsks),
  search: await replays.record('queue-search', `/api/expert/returns?q=${SEARCH_TERM}`, asTheLoadAsks),
};
const [{ count }] = (await bench.database.client.query(`select count(*)::int as count from tax_year_statuses where status in ('documents_submitted', 'processing', 'review_required', 'completed')`)).rows;

process.stdout.write(`${JSON.stringify({ port: app.server.address().port, cookie, laterPage, rows: count, statements, driver: bench.database.driver })}\n`);
process.on('SIGTERM', async () => {
  await bench.close();
  process.exit(0);
});
