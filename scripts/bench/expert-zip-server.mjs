// Child process of the expert ZIP bench (issue 27): the real app from apps/server/dist on PGlite with
// local encrypted storage, an admin (who may act as an expert) and a person whose year is at status 3
// with the Advanced Tax Information section complete, ready for uploads and the transmit, and a
// memory probe. Prints one JSON line once it listens.
import { buildBenchApp, confirmSecondFactor, signIn } from './bench-app.mjs';

const { app, config, database, mails, close } = await buildBenchApp();
const origin = config.publicOrigin;

// Peak resident memory since the last reset, sampled every 10 ms.
let peak = 0;
let base = 0;
setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10).unref();
app.post('/bench/memory/reset', async () => {
  globalThis.gc?.();
  base = process.memoryUsage().rss;
  peak = base;
  return { base };
});
app.get('/bench/memory', async () => ({ base, peak, growth: peak - base }));

await app.listen({ port: 0, host: '127.0.0.1' });
// The first account is the admin (D4), who may use the expert routes; the second is the person.
const expertCookie = await signIn(app, mails, origin);
const personCookie = await signIn(app, mails, origin);
const userOf = async (cookie) => (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();
const [expert, person] = [await userOf(expertCookie), await userOf(personCookie)];
await confirmSecondFactor(database, expert.id);
const taxYear = new Date().getFullYear() - 1;
await app.services.taxStatus.adminSetStatus(expert.id, person.id, taxYear, 3);
await app.services.advancedTaxInfo.setCompleted(person.id, taxYear, true);

process.stdout.write(`${JSON.stringify({ port: app.server.address().port, origin, expertCookie, personCookie, personId: person.id, taxYear })}\n`);
process.on('SIGTERM', async () => {
  await close();
  process.exit(0);
});
