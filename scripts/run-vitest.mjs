// Runs vitest with a JSON report and runs again, once, the test files whose worker process was
// killed by a signal (V8 aborting or faulting) while no test failed.
//
// Why: V8 (Node 24) now and then aborts a process that creates and closes many PGlite databases
// (WebAssembly code-space bookkeeping, nodejs/node#64500): CI lost a whole run to a SIGTRAP in one
// test file's worker while every test passed. That is the engine's fault, not a test's: the file
// runs again in a process of its own. A test that fails, a file that fails to load or a worker
// that exits with a code is never run again, and a file killed twice fails the run.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const ENGINE_SIGNALS = new Set(['SIGTRAP', 'SIGSEGV', 'SIGILL', 'SIGBUS', 'SIGABRT']);
const WORKER_KILLED = /Worker exited unexpectedly with signal (SIG[A-Z]+) during \w+ state while running test files? (.+)$/gm;

const UNHANDLED_ERRORS = /Vitest caught (\d+) unhandled errors? during the test run/;

/**
 * The test files whose worker the engine killed, as vitest names them in its output; none when
 * vitest also caught an error of another kind (an unhandled rejection in some test), which a rerun
 * must not hide.
 */
export function filesKilledByTheEngine(output) {
  // eslint-disable-next-line no-control-regex -- vitest colours its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const kills = [...plain.matchAll(WORKER_KILLED)].filter(([, signal]) => ENGINE_SIGNALS.has(signal));
  const unhandled = Number(UNHANDLED_ERRORS.exec(plain)?.[1] ?? kills.length);
  if (unhandled !== kills.length) return [];
  return [...new Set(kills.flatMap(([, , list]) => list.split(', ').map((file) => file.trim())))];
}

/**
 * Whether a failed run may be repeated for `killed` alone: no test failed, and every file the
 * report counts as failed is one of them.
 */
export function onlyKilledFilesFailed(report, killed) {
  if (!report || killed.length === 0 || report.numFailedTests > 0) return false;
  return report.testResults.filter((file) => file.status === 'failed').every((file) => killed.includes(file.name));
}

/** Passed and failed tests of a report, leaving out the files in `except` (they ran again). */
export function countTests(report, except = []) {
  let passed = 0;
  let failed = 0;
  for (const file of report?.testResults ?? []) {
    if (except.includes(file.name)) continue;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') passed++;
      if (test.status === 'failed') failed++;
    }
  }
  return { passed, failed };
}

export const readReport = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Runs `command args` in `cwd`, its output kept and, with `echo`, shown as it comes. */
function run(command, args, { cwd, echo = true }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    const keep = (stream) => (chunk) => {
      if (echo) stream.write(chunk);
      output += chunk;
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * Runs `command` (a vitest run: `npx vitest run` or an npm script that is one, ending in `--`, never
 * with a file filter: a rerun adds its own), its JSON report written to `report`, a rerun's next to
 * it; `how`: where to run it, whether to show its output. Resolves with whether the step passed and
 * its tests' counts.
 */
export async function runVitest([program, ...args], report, how = {}) {
  const reporters = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const first = await run(program, [...args, ...reporters(report)], how);
  const firstReport = readReport(report);
  if (first.status === 0) return { ok: true, ...countTests(firstReport) };

  const killed = filesKilledByTheEngine(first.output);
  if (!onlyKilledFilesFailed(firstReport, killed)) return { ok: false, ...countTests(firstReport) };

  if (how.echo !== false) console.log(`\n↻ the engine killed the worker of ${killed.join(', ')} with no test failed; running ${killed.length === 1 ? 'it' : 'them'} once more`);
  const rerunReport = report.replace(/\.json$/, '-rerun.json');
  const rerun = await run(program, [...args, ...killed, ...reporters(rerunReport)], how);
  const before = countTests(firstReport, killed);
  const again = countTests(readReport(rerunReport));
  return { ok: rerun.status === 0, passed: before.passed + again.passed, failed: before.failed + again.failed };
}
