import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything the server keeps under DATA_DIR (the embedded database, the encrypted blobs, the
 * generated keys) is its user's alone: from now on every file it creates is 0600 and every folder
 * 0700 (umask), and what an earlier start or another tool left more open is closed now. Otherwise
 * any local account could read the database or make itself an administrator.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  const walk = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if ((stats.mode & 0o077) !== 0) {
      chmodSync(path, stats.mode & 0o700);
    }
  };
  walk(dataDir);
}
