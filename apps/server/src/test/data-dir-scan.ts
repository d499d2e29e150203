import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface DataDirScan {
  /** Every file under the directory, by path. */
  files: string[];
  /** The files whose bytes hold `text` in plaintext (UTF-8). */
  holding(text: string): string[];
  /** For each value, the files holding it: `{}` for each when none is in plaintext anywhere. */
  plaintext(values: string[]): Record<string, string[]>;
}

/**
 * Reads every file under `dir` (a server's DATA_DIR: the embedded database's files, the blob store,
 * generated secrets) once, for tests that look for values stored in plaintext (DECISIONS D7, D12).
 */
export function scanDataDir(dir: string): DataDirScan {
  const read: { file: string; bytes: Buffer }[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else read.push({ file: full, bytes: readFileSync(full) });
    }
  };
  walk(dir);
  const holding = (text: string) => read.filter(({ bytes }) => bytes.includes(Buffer.from(text))).map(({ file }) => file);
  return {
    files: read.map(({ file }) => file),
    holding,
    plaintext: (values) => Object.fromEntries(values.map((value) => [value, holding(value)])),
  };
}
