// One Lighthouse run (mobile) of a page of the built app as a signed-in person sees it, with what
// explains its score: the largest paint's element, and the browser's main-thread tasks of 12 ms or
// more (50 ms at Lighthouse's 4x slowdown: the tasks that count as blocking), each with the events
// that took most of it. Writes the trace for Chromium's performance panel.
//   node scripts/bench/lighthouse-diagnose.mjs [path] [trace file]   (after `npm run build`)
import { writeFileSync } from 'node:fs';
import { buildBenchApp, signIn } from './bench-app.mjs';
import { runLighthouse, signedInWithProfile, summary } from './lighthouse.mjs';

const path = process.argv[2] ?? '/';
const traceFile = process.argv[3] ?? '/tmp/taxli-lighthouse-trace.json';

const { app, mails, config, close } = await buildBenchApp({ withWeb: true });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://localhost:${app.server.address().port}`;
  await signIn(app, mails, config.publicOrigin); // the first account is the admin (D4)
  const cookie = await signedInWithProfile(app, mails, config.publicOrigin);
  const { lhr, artifacts } = await runLighthouse(origin + path, { Cookie: cookie });
  console.log(path, summary(lhr));
  const largest = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  console.log('largest paint:', largest?.snippet, largest?.nodeLabel ?? '');
  for (const task of longTasks(artifacts.Trace.traceEvents)) console.log(task);
  writeFileSync(traceFile, JSON.stringify(artifacts.Trace));
  console.log(`trace: ${traceFile}`);
} finally {
  await close();
}

/** The page's main-thread tasks of 12 ms or more, at their start (ms from the first), with their longest events. */
function longTasks(events) {
  // The page's renderer main thread: of the renderers' main threads, the one with the most events.
  const rendererMain = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const busiest = rendererMain.sort((a, b) => count(events, b) - count(events, a))[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === busiest && e.ph === 'X' && e.dur);
  const t0 = onMain[0]?.ts ?? 0;
  return onMain
    .filter((e) => e.name === 'RunTask' && e.dur >= 12_000)
    .map((task) => {
      const inside = onMain.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const longest = inside
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 4)
        .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''} ${(e.dur / 1000).toFixed(1)}`);
      return `${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms · ${longest.join(' · ')}`;
    });
}

function count(events, thread) {
  return events.reduce((n, e) => n + (`${e.pid}:${e.tid}` === thread ? 1 : 0), 0);
}
