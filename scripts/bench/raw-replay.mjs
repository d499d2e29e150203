// The raw-SQL baseline of a route (issue 31): the statements one request of the route executed,
// recorded at the database driver's own client, then replayed through that client by a bare route
// of the same app (`GET /bench/raw/<name>`), with nothing around them: no session plugin, no ORM,
// no answer built (the replay answers the last statement's rows as the driver gives them). A route's
// requests per second ÷ its replay's isolates what the framework, the session, the ORM and the
// serialisation add. Call before the app listens (routes are added then); record after.
export function rawReplays(app, database) {
  const client = database.client;
  const query = client.query.bind(client);
  let recording = null;
  client.query = (...args) => {
    recording?.push(args);
    return query(...args);
  };
  const replays = new Map();

  app.get('/bench/raw/:name', async (request, reply) => {
    const statements = replays.get(request.params.name);
    if (!statements) return reply.code(404).send({ error: `no replay named ${request.params.name}` });
    let result;
    for (const args of statements) result = await query(...args);
    reply.header('cache-control', 'no-store');
    return result.rows;
  });

  return {
    /**
     * Records the statements of a GET of `url` as the load will find it: the second of two, since
     * the first may fill what the route keeps (the expert queue's kept pages). Answers how many.
     */
    async record(name, url, cookie) {
      await app.inject({ method: 'GET', url, headers: { cookie } });
      recording = [];
      const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
      const statements = recording;
      recording = null;
      if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body}`);
      if (statements.length === 0) throw new Error(`no SQL recorded for GET ${url}`);
      replays.set(name, statements);
      // BENCH_PRINT_SQL=1 names the statements on stderr: what a route runs, to see what to cut.
      if (process.env.BENCH_PRINT_SQL) for (const [text] of statements) process.stderr.write(`${name}: ${typeof text === 'string' ? text : text.text}\n`);
      return statements.length;
    },
  };
}
