import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/temporary-directory.js';

const MODULE = new URL('./unhandled-rejections.ts', import.meta.url).pathname;

/** Runs `body` in a Node process of its own (as the server runs), the handler installed or not. */
function runProcess(body: string, installed: boolean) {
  const script = join(temporaryDirectory('taxli-rejection'), 'script.ts');
  writeFileSync(
    script,
    `import { logUnhandledRejections } from ${JSON.stringify(MODULE)};
const log = { error: (object: { err: Error }, message: string) => console.log(JSON.stringify({ message, error: object.err.message })) };
if (${installed}) logUnhandledRejections(log);
${body}
setTimeout(() => console.log('still serving'), 100);
`,
  );
  return spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
}

describe('a promise that fails with no one to hear it', () => {
  it('is logged, and the process goes on', () => {
    const run = runProcess(`void Promise.reject(new Error('the mail server went away'));`, true);
    expect(run.status).toBe(0);
    const [logged, after] = run.stdout.trim().split('\n');
    expect(JSON.parse(logged!)).toEqual({ message: 'a promise failed and nothing handled it; the server goes on', error: 'the mail server went away' });
    expect(after).toBe('still serving');
  });

  it('is logged as an error even when what failed was not one', () => {
    const run = runProcess(`void Promise.reject('a text');`, true);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.split('\n')[0]!)).toMatchObject({ error: 'a promise failed with a string, not an Error' });
  });

  it('ended the process without it (what it guards against)', () => {
    const run = runProcess(`void Promise.reject(new Error('the mail server went away'));`, false);
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('still serving');
  });
});
