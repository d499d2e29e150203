// Loads the routes of one server in interleaved rounds (the API figure and the expert queue's):
// after a warm-up of each, every round runs each route for `duration` seconds, one after the other,
// so that a slow phase of the machine or the database does not fall on one route only. A route and
// its raw-SQL replay (issue 31) run back to back in every round, each going first in every other
// round, and their ratio is the median of the rounds' ratios, as the upload figure's is: this
// machine's speed swings by a third within seconds (docs/performance.md), and the two halves of a
// pair share a phase far more often than two means over a minute do.
import autocannon from 'autocannon';
import { median } from './statistics.mjs';

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The routes of one round: as listed, with each route given `rawOf` moved next to its route, first in odd rounds. */
function roundOrder(routes, round) {
  const order = [];
  for (const route of routes) {
    if (route.rawOf) continue;
    const raw = routes.find((other) => other.rawOf === route.name);
    if (!raw) order.push(route);
    else order.push(...(round % 2 ? [route, raw] : [raw, route]));
  }
  return order;
}

/**
 * `routes`: `{ name, path }`, and for a raw replay `rawOf`, the name of the route it replays.
 * Answers per route its mean req/s over the rounds and the worst round's p99 (ms); a route that has
 * a replay also `vsRaw`, the median of the rounds' route ÷ replay, and `vsRawRounds`, each round's.
 */
export async function measureRoutes({ baseUrl, headers, routes, rounds = 9, duration = 2, warmup = 3 }) {
  for (const route of routes) await load(`${baseUrl}${route.path}`, headers, warmup);
  const samples = Object.fromEntries(routes.map((route) => [route.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const route of roundOrder(routes, round)) {
      const result = await load(`${baseUrl}${route.path}`, headers, duration);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      samples[route.name].push(result);
    }
  }
  const results = {};
  for (const [name, runs] of Object.entries(samples)) {
    const rps = runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length;
    results[name] = { rps: Math.round(rps), p99ms: Math.max(...runs.map((r) => r.latency.p99)) };
  }
  for (const raw of routes.filter((route) => route.rawOf)) {
    const ratios = samples[raw.rawOf].map((served, round) => served.requests.average / samples[raw.name][round].requests.average);
    results[raw.rawOf].vsRaw = +median(ratios).toFixed(2);
    results[raw.rawOf].vsRawRounds = ratios.map((ratio) => +ratio.toFixed(2));
  }
  return results;
}
