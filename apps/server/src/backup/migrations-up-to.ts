import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/client.js';

interface Journal {
  entries: { tag: string }[];
}

export class MigrationMismatchError extends Error {}

/**
 * A copy of the committed migrations that ends with the archive's last one. A restore creates the
 * tables exactly as they were when the rows were dumped, inserts the rows, and only then applies
 * the later migrations, which may move data as well as change tables.
 */
export async function migrationsUpTo(applied: string[], folder = MIGRATIONS_FOLDER): Promise<{ folder: string; remove(): Promise<void> }> {
  const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const known = journal.entries.map((e) => e.tag);
  const unknown = applied.find((tag, index) => known[index] !== tag);
  if (unknown !== undefined) {
    throw new MigrationMismatchError(
      known.includes(unknown)
        ? `The backup's migrations are not this Taxli's (${unknown} is out of place).`
        : `The backup was made by a newer Taxli (migration ${unknown}): restore it with that version or a later one.`,
    );
  }
  const directory = await mkdtemp(join(tmpdir(), 'taxli-migrations-'));
  await mkdir(join(directory, 'meta'));
  const entries = journal.entries.slice(0, applied.length);
  for (const { tag } of entries) await copyFile(join(folder, `${tag}.sql`), join(directory, `${tag}.sql`));
  await writeFile(join(directory, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder: directory, remove: () => rm(directory, { recursive: true, force: true }) };
}
