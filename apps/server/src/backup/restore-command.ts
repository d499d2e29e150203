import { resolve } from 'node:path';
import { maskPersonalData } from '../lib/safe-error.js';
import { restoreFromFile } from './restore-from-file.js';

// npm run restore -- FILE (see README, Operations). npm runs scripts in the project's folder; FILE is
// taken from where the command was typed (INIT_CWD), DATA_DIR from the project's folder as the server does.
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error(
    'Usage: npm run restore -- FILE\nRestores a backup into a new DATA_DIR (PGlite) or an empty PostgreSQL database (DATABASE_URL), with the server stopped.',
  );
  process.exit(2);
}
try {
  const { manifest, warnings, erasuresApplied } = await restoreFromFile(resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!));
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (Taxli ${manifest.appVersion}, migration ${manifest.migration.latest}): ` +
      `${rows} rows in ${manifest.tables.length} tables, ${manifest.blobs.count} encrypted documents. The server can start now.`,
  );
  if (erasuresApplied > 0) console.log(`Erased again ${erasuresApplied} accounts that the erasure ledger (DATA_DIR/erasures.log) names.`);
  for (const warning of warnings) console.warn(`Warning: ${warning}`);
} catch (error) {
  console.error(`Restore failed: ${maskPersonalData(error instanceof Error ? error.message : String(error))}`);
  process.exit(1);
}
