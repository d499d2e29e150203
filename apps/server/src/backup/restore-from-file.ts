import { createReadStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { dataDirFrom, loadConfig } from '../config.js';
import { makeDataDirPrivate } from '../lib/private-data-dir.js';
import { claimDataDir } from './data-dir-claim.js';
import { restoreArchive, type RestoreResult } from './restore-backup.js';

/**
 * `npm run restore -- FILE`, with the server stopped: holds the DATA_DIR for the whole restore (a
 * server started meanwhile stops at once), reads the configuration the server will run with, and
 * restores into its database and blob store. MASTER_KEY must be given (or DATA_DIR/master.key be
 * there): a new key would open nothing restored. Everything it leaves under DATA_DIR is private
 * (folders 0700, files 0600), as after the server's start.
 */
export async function restoreFromFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<RestoreResult> {
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`${source} does not exist.`);
  const dataDir = dataDirFrom(env);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  makeDataDirPrivate(dataDir);
  const claim = await claimDataDir(dataDir, 'restore');
  try {
    const config = loadConfig(env, { createMasterKey: false });
    return await restoreArchive(createReadStream(source), config);
  } finally {
    // The embedded database writes its files 0666 whatever the umask says: closed again here, so
    // the restored data is private before the server's next start (which would close it too).
    makeDataDirPrivate(dataDir);
    await claim.close();
  }
}
