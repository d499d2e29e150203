// The raw-SQL baseline of a route (issue 31): the statements one request of the route executed,
// recorded at the database driver's own client, then replayed through that client by a bare route
// of the same app (`GET /bench/raw/<name>`), with nothing around them: no session plugin, no ORM,
// no answer built. The replay sends the very bytes the route answered (recorded with them, with
// their Content-Type and Content-Encoding), so the two put the same answer on the wire, and a
// route's requests per second ÷ its replay's isolates what the framework, the session, the ORM and
// the serialisation add. (Until 2026-12-06 the replay answered the last statement's rows instead:
// for the expert queue, whose last statement only checks a kept page, a dozen bytes against the
// route's 1.3 KB; docs/performance.md, "A quicker host, 2026-12-06, 15:20–16:40 UTC".) Call before
// the app listens (routes are added then); record after.
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
    const replay = replays.get(request.params.name);
    if (!replay) return reply.code(404).send({ error: `no replay named ${request.params.name}` });
    for (const args of replay.statements) await query(...args);
    return reply.headers(replay.headers).send(replay.body);
  });

  return {
    /**
     * Records the statements and the answer of a GET of `url` as the load will find it: the second
     * of two, since the first may fill what the route keeps (the expert queue's kept pages), asked
     * with the load's headers (its Accept-Encoding decides the answer's bytes). Answers how many.
     */
    async record(name, url, headers) {
      await app.inject({ method: 'GET', url, headers });
      recording = [];
      const answer = await app.inject({ method: 'GET', url, headers });
      const statements = recording;
      recording = null;
      if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body}`);
      if (statements.length === 0) throw new Error(`no SQL recorded for GET ${url}`);
      const sent = (header) => (answer.headers[header] === undefined ? {} : { [header]: answer.headers[header] });
      replays.set(name, {
        statements,
        body: answer.rawPayload,
        headers: { 'cache-control': 'no-store', ...sent('content-type'), ...sent('content-encoding') },
      });
      // BENCH_PRINT_SQL=1 names the statements on stderr: what a route runs, to see what to cut.
      if (process.env.BENCH_PRINT_SQL) for (const [text] of statements) process.stderr.write(`${name}: ${typeof text === 'string' ? text : text.text}\n`);
      return statements.length;
    },
  };
}
