import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants } from 'node:zlib';
import tar from 'tar-stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { safeError } from '../lib/safe-error.js';
import { FAILED_ENTRY } from './archive-format.js';
import { claimDataDir, DataDirBusyError, readLine, type DataDirClaim } from './data-dir-claim.js';
import { addEntry } from './tar-entries.js';
import { BackupError, writeBackup, type BackupSource } from './write-backup.js';

/** What a backup client sends after the greeting. */
export const BACKUP_REQUEST = 'backup';

/**
 * Encrypted blobs do not compress, and the rows compress well at any level: the fastest level spares
 * the server's CPU while it goes on answering requests.
 */
export const archiveGzip = () => createGzip({ level: constants.Z_BEST_SPEED });

/**
 * Takes the DATA_DIR's socket when the server starts, before it opens the database. With PGlite a
 * second process on the DATA_DIR (another server, a restore, a backup without a server) would
 * corrupt the database, so the start stops with the reason. With PostgreSQL, instances may share a
 * DATA_DIR: the one that holds the socket answers backups, the others run without it (the backup
 * command also works without any server there). A restore in progress stops every start.
 */
export async function claimForServer(config: Pick<Config, 'dataDir' | 'databaseUrl'>, log: Pick<Console, 'warn'>): Promise<DataDirClaim | undefined> {
  try {
    return await claimDataDir(config.dataDir, 'server');
  } catch (error) {
    const busyWith = error instanceof DataDirBusyError ? error.holder : undefined;
    if (!config.databaseUrl || busyWith === 'restore' || busyWith === 'backup') throw error;
    log.warn(
      busyWith === 'server'
        ? `Another Taxli server answers backups on ${config.dataDir}; this one does not.`
        : `This server does not answer backups: ${(error as Error).message}`,
    );
    return undefined;
  }
}

/**
 * Answers `backup` on the socket with the archive: a gzip-compressed tar stream of one consistent
 * snapshot (write-backup.ts). When the server must give up on an archive it has begun, it ends it
 * with backup-failed.json saying why, which the backup command reads.
 */
export function serveBackups(claim: DataDirClaim, source: BackupSource, log: FastifyBaseLogger): void {
  claim.serve((socket) => void answer(socket, source, log));
}

async function answer(socket: Socket, source: BackupSource, log: FastifyBaseLogger): Promise<void> {
  try {
    socket.setTimeout(10_000, () => socket.destroy());
    const request = await readLine(socket);
    socket.setTimeout(0);
    if (request !== BACKUP_REQUEST) {
      socket.end();
      return;
    }
    const pack = tar.pack();
    const sent = pipeline(pack, archiveGzip(), socket);
    sent.catch(() => undefined);
    log.info('backup started');
    try {
      const manifest = await writeBackup(pack, source);
      log.info({ tables: manifest.tables.length, blobs: manifest.blobs.count }, 'backup written');
    } catch (error) {
      const code = error instanceof BackupError ? error.code : 'FAILED';
      const message = error instanceof BackupError ? error.message : 'The server could not write the backup; its log says why.';
      log.error({ error: safeError(error), code }, 'backup failed');
      if (!pack.destroyed) {
        await addEntry(pack, FAILED_ENTRY, JSON.stringify({ code, message }));
        pack.finalize();
      }
    }
    await sent;
  } catch (error) {
    log.warn({ error: safeError(error) }, 'backup connection ended early');
    socket.destroy();
  }
}
