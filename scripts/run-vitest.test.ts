import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTests, filesKilledByTheEngine, onlyKilledFilesFailed, runVitest } from './run-vitest.mjs';

const repository = join(import.meta.dirname, '..');

/** A folder of test files (vitest's globals, no config), and where its reports go. */
function suite(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'taxli-run-vitest-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return {
    root,
    run: () => runVitest(['npx', 'vitest', 'run', '--root', root, '--globals'], join(root, 'report.json'), { cwd: repository, echo: false }),
  };
}

/** A test file whose worker is killed by `signal` on each of its first `times` runs. */
const killedFile = (signal: string, times: number) => `
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const count = new URL('./runs', import.meta.url);
const runs = existsSync(count) ? Number(readFileSync(count, 'utf8')) : 0;
writeFileSync(count, String(runs + 1));
it('passes', () => {});
it('is killed by ${signal} on the first ${times} runs', () => {
  if (runs < ${times}) process.kill(process.pid, '${signal}');
});
`;
const passingFile = `it('passes', () => {});\n`;

// Each runs vitest (once or twice) in processes of its own: seconds on a busy machine.
describe('npm test’s vitest steps (scripts/run-vitest.mjs)', { timeout: 60_000 }, () => {
  it('runs a file whose worker the engine killed once more, alone, and counts that run’s tests', async () => {
    const { run } = suite({ 'killed.test.mjs': killedFile('SIGTRAP', 1), 'fine.test.mjs': passingFile });
    expect(await run()).toEqual({ ok: true, passed: 3, failed: 0 });
  });

  it('fails the step when the file is killed again', async () => {
    const { run } = suite({ 'killed.test.mjs': killedFile('SIGSEGV', 2), 'fine.test.mjs': passingFile });
    expect(await run()).toMatchObject({ ok: false, passed: 1 });
  });

  it('never runs again when a test failed, even beside a killed file', async () => {
    const { run } = suite({ 'killed.test.mjs': killedFile('SIGTRAP', 1), 'failing.test.mjs': `it('fails', () => { throw new Error('no'); });\n` });
    expect(await run()).toEqual({ ok: false, passed: 0, failed: 1 });
  });

  it('never runs again when another test file left an unhandled error', async () => {
    const { run } = suite({
      'killed.test.mjs': killedFile('SIGTRAP', 1),
      'leaky.test.mjs': `it('passes but leaves a rejection behind', () => { void Promise.reject(new Error('unheard')); });\n`,
    });
    expect(await run()).toMatchObject({ ok: false });
  });

  it('never runs again a worker ended by a signal that is not the engine’s', async () => {
    const { run } = suite({ 'killed.test.mjs': killedFile('SIGTERM', 1) });
    expect(await run()).toMatchObject({ ok: false });
  });
});

describe('reading a vitest run', () => {
  const killedLine = (signal: string, files: string) =>
    `\u001b[31m\u001b[1mCaused by: Error\u001b[22m: Worker exited unexpectedly with signal ${signal} during started state while running test file${files.includes(',') ? 's' : ''} ${files}\u001b[39m\n`;

  it('names the files of workers killed by the engine’s signals, not by others', () => {
    const output = killedLine('SIGTRAP', '/a/one.test.ts') + killedLine('SIGSEGV', '/a/two.test.ts, /a/three.test.ts') + killedLine('SIGKILL', '/a/four.test.ts');
    expect(filesKilledByTheEngine(output)).toEqual(['/a/one.test.ts', '/a/two.test.ts', '/a/three.test.ts']);
    expect(filesKilledByTheEngine('Worker exited unexpectedly with exit code 1 during started state while running test file /a/x.test.ts')).toEqual([]);
  });

  it('names none when vitest caught another error too, which a rerun would hide', () => {
    const caught = (count: number) => `Vitest caught ${count} unhandled error${count === 1 ? '' : 's'} during the test run.\n`;
    expect(filesKilledByTheEngine(caught(1) + killedLine('SIGTRAP', '/a/one.test.ts'))).toEqual(['/a/one.test.ts']);
    expect(filesKilledByTheEngine(caught(2) + killedLine('SIGTRAP', '/a/one.test.ts') + 'Error: a promise nobody awaited\n')).toEqual([]);
  });

  const report = (files: [string, string, string[]][], numFailedTests = 0) => ({
    numFailedTests,
    testResults: files.map(([name, status, tests]) => ({ name, status, assertionResults: tests.map((test) => ({ status: test })) })),
  });

  it('allows a rerun only when the killed files are the only failed ones and no test failed', () => {
    const killed = ['/a/one.test.ts'];
    expect(onlyKilledFilesFailed(report([['/a/one.test.ts', 'failed', ['pending']], ['/a/two.test.ts', 'passed', ['passed']]]), killed)).toBe(true);
    expect(onlyKilledFilesFailed(report([['/a/one.test.ts', 'failed', ['pending']], ['/a/two.test.ts', 'failed', ['passed']]]), killed)).toBe(false);
    expect(onlyKilledFilesFailed(report([['/a/one.test.ts', 'failed', ['failed']]], 1), killed)).toBe(false);
    expect(onlyKilledFilesFailed(report([['/a/one.test.ts', 'failed', ['pending']]]), [])).toBe(false);
    expect(onlyKilledFilesFailed(null, killed)).toBe(false);
  });

  it('counts passed and failed tests, leaving out the files that ran again', () => {
    const run = report([
      ['/a/one.test.ts', 'failed', ['passed', 'pending']],
      ['/a/two.test.ts', 'failed', ['passed', 'failed', 'skipped']],
    ]);
    expect(countTests(run)).toEqual({ passed: 2, failed: 1 });
    expect(countTests(run, ['/a/one.test.ts'])).toEqual({ passed: 1, failed: 1 });
  });
});
