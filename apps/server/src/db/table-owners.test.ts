/**
 * Each table has one owner (db/table-owners.json, docs/architecture.md "Who owns which table"):
 * another feature reaches it through the owner's service. ESLint refuses a feature importing a
 * table it does not own from the schema (scripts/lint-fence.test.ts proves it fires); this test
 * checks the map covers every table, and finds a foreign table named in raw SQL, which no import shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';
import owners from './table-owners.json' with { type: 'json' };

const featuresDir = path.resolve(import.meta.dirname, '../features');

/** Every table the schema declares: its export name and its name in the database. */
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([exportName, value]) => ({ exportName, sqlName: getTableConfig(value as PgTable).name }));

const ownedBy = (map: Record<string, string[]>) => Object.entries(map).flatMap(([owner, names]) => names.map((name) => ({ owner, name })));
const ownership = [...ownedBy(owners.features), ...ownedBy(owners.infrastructure)];

/** A table named as SQL names one it reads or writes; comments may mention any table. */
function foreignTablesInSql(source: string, foreignSqlNames: string[]): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return foreignSqlNames.filter((name) => new RegExp(`\\b(from|join|into|update)\\s+"?${name}"?\\b`, 'i').test(code));
}

/** The tables each feature's (non-test) files name in SQL without owning them. */
function rawSqlViolations(feature: string, files: { name: string; source: string }[]): string[] {
  const owned = new Set(owners.features[feature as keyof typeof owners.features] ?? []);
  const foreign = tables.filter((table) => !owned.has(table.exportName)).map((table) => table.sqlName);
  return files.flatMap((file) => foreignTablesInSql(file.source, foreign).map((table) => `${feature}/${file.name} names ${table}`));
}

describe('who owns which table', () => {
  it('names one owner for every table of the schema, and only tables it declares', () => {
    const mapped = ownership.map((entry) => entry.name).sort();
    expect(mapped).toEqual(tables.map((table) => table.exportName).sort());
    expect(new Set(mapped).size).toBe(mapped.length);
  });

  it('names only features and repositories that exist', () => {
    const features = readdirSync(featuresDir);
    for (const feature of Object.keys(owners.features)) expect(features).toContain(feature);
    for (const file of Object.keys(owners.infrastructure)) expect(readdirSync(path.resolve(import.meta.dirname, '..', path.dirname(file)))).toContain(path.basename(file));
  });

  it('finds no feature naming another feature’s table in raw SQL', () => {
    const violations = readdirSync(featuresDir).flatMap((feature) => {
      const files = readdirSync(path.join(featuresDir, feature))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => ({ name, source: readFileSync(path.join(featuresDir, feature, name), 'utf8') }));
      return rawSqlViolations(feature, files);
    });
    expect(violations).toEqual([]);
  });

  it('would see one: a subquery on a table of another feature, but not its own or a comment', () => {
    const source = [
      '// reads from tax_profiles? no: the comment only mentions it',
      'const flag = sql`exists (select 1 from tax_profiles tp where tp.user_id = "users"."id")`;',
      'const own = sql`select 1 from terms_acceptances`;',
    ].join('\n');
    expect(rawSqlViolations('users', [{ name: 'user.repository.ts', source }])).toEqual(['users/user.repository.ts names tax_profiles']);
  });
});
