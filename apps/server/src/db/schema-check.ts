import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { SchemaCheck } from '@taxli/domain';
import { queryRows, type Db } from './client.js';
import * as schema from './schema.js';

/** Every table the code declares (db/schema.ts) with its columns, by their database names. */
function declaredTables(): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    tables.set(config.name, config.columns.map((column) => column.name));
  }
  return tables;
}

/** The tables of the app's schema and their columns, as the database has them now. */
async function liveTables(db: Db): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table_name: string; column_name: string }>(db, sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

const missingFrom = (names: Iterable<string>, other: { has(name: string): boolean }) => [...names].filter((name) => !other.has(name)).sort();

/**
 * Whether the live database has exactly the tables and columns the code declares (names, not
 * types): the real "schema matches" check of the debug panel, which the migration journal alone
 * cannot tell (a column dropped by hand leaves the journal as it was).
 */
export async function checkSchema(db: Db): Promise<SchemaCheck> {
  const declared = declaredTables();
  const live = await liveTables(db);
  const columnsOf = (tables: Map<string, string[]>) =>
    new Set([...tables].flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`)));
  const declaredColumns = columnsOf(declared);
  const liveColumns = columnsOf(live);
  const missingTables = missingFrom(declared.keys(), live);
  const extraTables = missingFrom(live.keys(), declared);
  // A missing or extra table is named once, not with each of its columns.
  const inTable = (tables: string[]) => (column: string) => !tables.includes(column.slice(0, column.indexOf('.')));
  const missingColumns = missingFrom(declaredColumns, liveColumns).filter(inTable(missingTables));
  const extraColumns = missingFrom(liveColumns, declaredColumns).filter(inTable(extraTables));
  return {
    matches: missingTables.length + extraTables.length + missingColumns.length + extraColumns.length === 0,
    missingTables,
    extraTables,
    missingColumns,
    extraColumns,
  };
}
