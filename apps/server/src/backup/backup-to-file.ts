import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { dataDirFrom, loadConfig } from '../config.js';
import { openDatabase, pgliteDirectory } from '../db/client.js';
import { makeDataDirPrivate } from '../lib/private-data-dir.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import type { Manifest } from './archive-format.js';
import { checkArchive } from './check-archive.js';
import { claimDataDir, connectToHolder, DataDirBusyError } from './data-dir-claim.js';
import { archiveGzip, BACKUP_REQUEST } from './serve-backups.js';
import { BackupError, writeBackup } from './write-backup.js';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Who wrote it: the running server, or this process on the database itself. */
  madeBy: 'server' | 'command';
  attempts: number;
}

/** A document deleted during the backup costs one more attempt; three in a row mean something else is wrong. */
const ATTEMPTS = 3;

/**
 * `npm run backup -- FILE`: one archive of the server's data, from the running server through its
 * socket in DATA_DIR, or, when no server runs, from the database itself (holding the DATA_DIR
 * meanwhile, so no server starts on it). The archive goes to FILE.partial (0600: it holds personal
 * data), is read through and checked whole, and only then gets its name.
 */
export async function backupToFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<BackupResult> {
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists: name a new file.`);
  const dataDir = dataDirFrom(env);
  const partial = `${target}.partial`;
  for (let attempt = 1; ; attempt++) {
    try {
      const madeBy = await writeArchive(partial, dataDir, env);
      const manifest = await checkArchive(createReadStream(partial)).catch((error: unknown) => {
        if (error instanceof BackupError || madeBy === 'command') throw error;
        throw new Error(`The archive the server sent is incomplete (${(error as Error).message}); the server's log says why.`);
      });
      await rename(partial, target);
      return { file: target, bytes: (await stat(target)).size, manifest, madeBy, attempts: attempt };
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof BackupError && error.code === 'BLOB_DELETED_DURING_BACKUP' && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}

async function writeArchive(partial: string, dataDir: string, env: NodeJS.ProcessEnv): Promise<BackupResult['madeBy']> {
  const holder = existsSync(dataDir) ? await connectToHolder(dataDir) : undefined;
  if (holder) {
    if (holder.holder !== 'server') {
      holder.socket.destroy();
      throw new DataDirBusyError(holder.holder, dataDir);
    }
    holder.socket.write(`${BACKUP_REQUEST}\n`);
    await pipeline(holder.socket, createWriteStream(partial, { mode: 0o600 }));
    return 'server';
  }
  await backupWithoutServer(createWriteStream(partial, { mode: 0o600 }), dataDir, env);
  return 'command';
}

/** Opening the database applies pending migrations, as a server start would. */
async function backupWithoutServer(out: Writable, dataDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    if (!existsSync(dataDir)) throw new Error(`DATA_DIR ${dataDir} does not exist: run the backup with the server's DATA_DIR.`);
    makeDataDirPrivate(dataDir);
    const claim = await claimDataDir(dataDir, 'backup');
    try {
      const config = loadConfig(env, { createMasterKey: false });
      const pgliteDir = pgliteDirectory(dataDir);
      if (!config.databaseUrl && !existsSync(join(pgliteDir, 'PG_VERSION'))) {
        throw new Error(`There is no database in ${pgliteDir}: is DATA_DIR the server's? (With PostgreSQL, set DATABASE_URL.)`);
      }
      const database = await openDatabase(config.databaseUrl, pgliteDir);
      try {
        const pack = tar.pack();
        const written = pipeline(pack, archiveGzip(), out);
        try {
          await writeBackup(pack, { database, blobs: await createBlobStore(config), config });
        } catch (error) {
          pack.destroy(error as Error);
          await written.catch(() => undefined);
          throw error;
        }
        await written;
      } finally {
        await database.close();
      }
    } finally {
      await claim.close();
    }
  } finally {
    out.destroy();
  }
}
