import { resolve } from 'node:path';
import { maskPersonalData } from '../lib/safe-error.js';
import { backupToFile } from './backup-to-file.js';

// npm run backup -- FILE (see README, Operations). npm runs scripts in the project's folder; FILE is
// taken from where the command was typed (INIT_CWD), DATA_DIR from the project's folder as the server does.
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('Usage: npm run backup -- FILE\nWrites one archive (gzip-compressed tar) of the database and the encrypted documents, with the server running or not.');
  process.exit(2);
}
/** 3.4 MB, 120 kB: the archive's size for a person. */
const size = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} kB`);

try {
  const { file, bytes, manifest, madeBy, attempts } = await backupToFile(resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!));
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup written to ${file} (${size(bytes)}) by the ${madeBy === 'server' ? 'running server' : 'command, no server running'}` +
      `${attempts > 1 ? ` in ${attempts} attempts (documents were deleted meanwhile)` : ''}:\n` +
      `  ${manifest.tables.length} tables, ${rows} rows, ${manifest.blobs.count} encrypted documents; migration ${manifest.migration.latest}.\n` +
      'MASTER_KEY is not in the archive: keep it safe and apart from it; without it the documents cannot be read.',
  );
} catch (error) {
  console.error(`Backup failed: ${maskPersonalData(error instanceof Error ? error.message : String(error))}`);
  process.exit(1);
}
