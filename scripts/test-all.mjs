// Runs every check in order (lint, typecheck, unit/API/component tests, the API fuzzer, build, browser end-to-end)
// and ends with one line "N passed, M failed" summing the test runners' own JSON reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readReport, runVitest } from './run-vitest.mjs';

// Not under test-results/: Playwright empties its output folder when it starts.
const reports = join(process.cwd(), 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const playwrightReport = join(reports, 'playwright.json');

const command = (program, args, env = process.env) => () => ({ ok: spawnSync(program, args, { stdio: 'inherit', env }).status === 0 });
const steps = [
  ['lint', command('npm', ['run', 'lint'])],
  ['typecheck', command('npm', ['run', 'typecheck'])],
  ['unit, API and component tests', () => runVitest(['npx', 'vitest', 'run'], join(reports, 'vitest.json'))],
  ['API fuzz (npm run fuzz)', () => runVitest(['npm', 'run', 'fuzz', '--'], join(reports, 'fuzz.json'))],
  ['build', command('npm', ['run', 'build'])],
  [
    'end-to-end tests (Chromium)',
    command('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    }),
  ],
];

let failedStep = null;
let passed = 0;
let failed = 0;
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  const result = await step();
  passed += result.passed ?? 0;
  failed += result.failed ?? 0;
  if (!result.ok) {
    failedStep = name;
    break;
  }
}

const playwright = readReport(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}
if (failedStep) console.log(`\n✖ step failed: ${failedStep}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedStep || failed > 0 ? 1 : 0);
