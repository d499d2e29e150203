// Writes dist/build-info.json after the server's build: when it was built and from which commit,
// so the admin panel's system info shows the real build, not constants.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null; // built from an archive without git
  }
}

const info = { builtAt: new Date().toISOString(), commit: gitCommit() };
writeFileSync(new URL('../dist/build-info.json', import.meta.url), `${JSON.stringify(info, null, 2)}\n`);
console.log(`build info: ${info.builtAt}${info.commit ? ` (${info.commit})` : ''}`);
