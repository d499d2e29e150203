import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

/**
 * What the database itself says about its tables (PostgreSQL's catalog, the same on PGlite), so a
 * table a later migration adds is in every backup without anyone remembering to list it.
 */

export interface CatalogColumn {
  name: string;
  /** As `format_type` writes it, usable in a cast: `integer`, `timestamp with time zone`, `jsonb`. */
  type: string;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  primaryKey: string[];
}

/**
 * The application's tables (schema public), each after the tables its foreign keys point to. A table
 * whose comment starts with `derived:` (the expert queue's projection, migration 0009) is left out:
 * triggers keep it from other tables, so a restore's inserts into those fill it again.
 */
export async function listTables(db: Db): Promise<CatalogTable[]> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and coalesce(obj_description(c.oid, 'pg_class'), '') not like 'derived:%'
        order by c.relname`,
  );
  // Generated columns are computed again on insert, so they are neither dumped nor restored.
  const columns = await queryRows<{ table: string; name: string; type: string }>(
    db,
    sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; name: string }>(
    db,
    sql`select c.relname as table, a.attname as name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint f join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where f.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = names.map(({ name }) => ({
    name,
    columns: columns.filter((c) => c.table === name).map(({ name: column, type }) => ({ name: column, type })),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
  }));
  return inForeignKeyOrder(tables, references);
}

/**
 * Parents before children, so rows can be inserted with every constraint checked as they go. A
 * cycle (or a table referring to itself) would need deferred constraints; the schema has none, and
 * should one appear, the backup stops here rather than write an archive that cannot be restored.
 */
function inForeignKeyOrder(tables: CatalogTable[], references: { child: string; parent: string }[]): CatalogTable[] {
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => references.every((r) => r.child !== t.name || placed.has(r.parent)));
    if (ready.length === 0) throw new Error(`tables refer to each other in a cycle: ${remaining.map((t) => t.name).join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The sequences of schema public (the serial ids' counters). */
export async function listSequences(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(db, sql`select count(*) as count from ${sql.identifier(table)}`);
  return Number(row?.count ?? 0);
}
