// Runs every check in order (lint, typecheck, unit/API/component tests, the API fuzzer, build, browser end-to-end)
// and ends with one line "N passed, M failed" summing the test runners' own JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// Not under test-results/: Playwright empties its output folder when it starts.
const reports = join(process.cwd(), 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const fuzzReport = join(reports, 'fuzz.json');
const playwrightReport = join(reports, 'playwright.json');

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit, API and component tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['API fuzz (npm run fuzz)', 'npm', ['run', 'fuzz', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${fuzzReport}`]],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json']],
];

let failedStep = null;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const env = name.startsWith('end-to-end') ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } : process.env;
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

function read(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

let passed = 0;
let failed = 0;
for (const vitest of [read(vitestReport), read(fuzzReport)]) {
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  }
}
const playwright = read(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}
if (failedStep) console.log(`\n✖ step failed: ${failedStep}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedStep || failed > 0 ? 1 : 0);
