import pg from 'pg';
import { Column, DrizzleQueryError, is, noopDecoder, Param, Placeholder, SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A select built by drizzle, not run: its SQL, its fields in column order, its row type. */
interface BuiltSelect<Row> {
  readonly _: { readonly selectedFields: Record<string, unknown> };
  toSQL(): { sql: string; params: unknown[] };
  execute(placeholders?: Record<string, unknown>): Promise<Row[]>;
}

type RunStatement = (values: unknown[]) => Promise<unknown[][]>;

/**
 * Column types both drivers parse into what drizzle would map them to: text, integers, booleans,
 * json, double precision, and timestamps with a time zone (a Date). A date or a timestamp without
 * time zone would come back otherwise (drizzle reads them as text and maps them itself).
 */
const PARSED_ALIKE = new Set(['PgText', 'PgVarchar', 'PgInteger', 'PgSerial', 'PgBoolean', 'PgJson', 'PgJsonb', 'PgDoublePrecision']);

/**
 * Column types the drivers parse otherwise, and the one step that gives drizzle's value: a bigint
 * in number mode comes as text from node-postgres (as a bigint from PGlite), drizzle makes it a number.
 */
const CONVERTED: Record<string, (value: unknown) => unknown> = { PgBigInt53: Number };

type FieldValue = ((value: unknown) => unknown) | undefined;

/** How a selected field's driver value becomes drizzle's: as it is (undefined), or converted; anything else is refused. */
function fieldValue(key: string, field: unknown): FieldValue {
  if (is(field, Column)) {
    const timestampWithZone = field.columnType === 'PgTimestamp' && (field as unknown as { withTimezone: boolean }).withTimezone;
    if (PARSED_ALIKE.has(field.columnType) || timestampWithZone) return undefined;
    const convert = CONVERTED[field.columnType];
    if (convert) return convert;
    throw new Error(`prepared lookup: field "${key}" is a ${field.columnType}, which the drivers parse differently from drizzle`);
  }
  if (is(field, SQL) && (field as unknown as { decoder: unknown }).decoder === noopDecoder) return undefined;
  throw new Error(`prepared lookup: field "${key}" needs drizzle's mapping (a nested selection or sql.mapWith)`);
}

/**
 * The driver's own client under a database or a transaction: drizzle keeps it on its session
 * (node-postgres: the pool, or the transaction's connection; PGlite: the database or its transaction).
 */
function driverClientOf(db: Db): unknown {
  return (db as unknown as { session: { client: unknown } }).session.client;
}

function statementRunner(client: unknown, name: string, text: string): RunStatement {
  const run = driverRunner(client, name, text);
  // A driver's error wrapped as drizzle wraps its own: the log and the error handler see one kind.
  return (values) => run(values).catch((error: unknown) => Promise.reject(new DrizzleQueryError(text, values, error as Error)));
}

function driverRunner(client: unknown, name: string, text: string): RunStatement {
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    // Named: each connection parses and plans the statement once.
    return async (values) => (await client.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
  }
  const pglite = client as { query<T>(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<{ rows: T[] }> };
  return async (values) => (await pglite.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
}

/**
 * A read that runs on every signed-in request or page load (the session, GET /api/user's record,
 * the inbox's reads), executed by the driver itself. Drizzle writes the SQL from the schema as
 * everywhere else; what is left out is its execution around each statement (three awaited layers
 * and a type check and mapping per field of every row), which was the largest part of what
 * GET /api/user and GET /api/inbox added to their raw SQL (issue 31, docs/performance.md). Rows come
 * as the driver parses them, so the selection may hold only fields it parses as drizzle would map
 * them, or converts in one known step (a bigint in number mode); any other field is refused when
 * the read is built. On a transaction it reads within the transaction.
 */
export function prepareRows<Row>(db: Db, name: string, query: BuiltSelect<Row>): (values: Record<string, unknown>) => Promise<Row[]> {
  const { run, toRecord } = driverStatement(db, name, query);
  return async (values) => (await run(values)).map(toRecord);
}

/**
 * `prepareRows` for a read of one row by its key: the row, or undefined when there is none. Its
 * own function, not a call of `prepareRows`: the session lookup runs on every request, and each
 * awaited layer is what these reads are here to leave out.
 */
export function prepareLookup<Row>(db: Db, name: string, query: BuiltSelect<Row>): (values: Record<string, unknown>) => Promise<Row | undefined> {
  const { run, toRecord } = driverStatement(db, name, query);
  return async (values) => {
    const [row] = await run(values);
    return row && toRecord(row);
  };
}

/** A statement's parameter: a value fixed when it was built, or the placeholder whose value each call gives. */
type Slot = { fixed: unknown } | { placeholder: string; encode: (value: unknown) => unknown };

/**
 * The statement's parameters as slots, worked out once: what drizzle's `fillPlaceholders` decides
 * for each parameter at every call (is it a placeholder, a parameter holding one with its encoder,
 * or a value), with the same result.
 */
function slotsOf(params: unknown[]): Slot[] {
  return params.map((param): Slot => {
    if (is(param, Placeholder)) return { placeholder: param.name, encode: (value) => value };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      return { placeholder: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
    }
    return { fixed: param };
  });
}

function fillSlots(slots: Slot[], values: Record<string, unknown>): unknown[] {
  return slots.map((slot) => {
    if ('fixed' in slot) return slot.fixed;
    if (!(slot.placeholder in values)) throw new Error(`No value for placeholder "${slot.placeholder}" was provided`);
    return slot.encode(values[slot.placeholder]);
  });
}

/** The statement as the driver runs it, and how a row of it becomes the selection's record. */
function driverStatement<Row>(db: Db, name: string, query: BuiltSelect<Row>) {
  const fields = Object.entries(query._.selectedFields);
  const keys = fields.map(([key]) => key);
  const converters = fields.map(([key, field]) => fieldValue(key, field));
  // Each record starts as a copy of one with every field: it then has its final shape at once, and
  // setting the fields changes no shape (node-postgres makes its row objects so too).
  const emptyRecord = Object.fromEntries(keys.map((key) => [key, null]));
  const { sql: text, params } = query.toSQL();
  const slots = slotsOf(params);
  const runStatement = statementRunner(driverClientOf(db), name, text);
  return {
    run: (values: Record<string, unknown>) => runStatement(fillSlots(slots, values)),
    toRecord(row: unknown[]): Row {
      const record: Record<string, unknown> = { ...emptyRecord };
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        const convert = converters[i];
        record[keys[i]!] = convert && value !== null ? convert(value) : value;
      }
      return record as Row;
    },
  };
}
