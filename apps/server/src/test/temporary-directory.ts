import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Each test file loads its own copy of this module, so the hook below runs once the file's tests
// have ended; registered before the files' own hooks, it runs after them (servers closed first).
const created: string[] = [];
afterAll(() => {
  for (const directory of created.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A new directory in the system's temporary folder, removed when the test file's tests end. */
export function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), `${prefix}-`));
  created.push(directory);
  return directory;
}
