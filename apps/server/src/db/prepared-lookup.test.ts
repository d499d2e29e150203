import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from './client.js';
import { prepareLookup, prepareRows } from './prepared-lookup.js';
import { sessions, users } from './schema.js';
import { createPostgresDatabase, type PostgresDatabase } from '../test/postgres-database.js';

const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'pg'] as const) : (['pglite'] as const);
const LAST_SEEN = new Date('2026-03-15T10:00:00.123Z');

describe.each(drivers)('a prepared lookup on %s', (driver) => {
  let database: Database;
  let postgres: PostgresDatabase | undefined;

  async function open(): Promise<Database> {
    postgres = driver === 'pg' ? await createPostgresDatabase('lookup') : undefined;
    database = await openDatabase(postgres?.url, 'memory://');
    return database;
  }

  afterEach(async () => {
    await database.close();
    await postgres?.drop();
  });

  function sessionLookup(db: Database['db']) {
    return prepareLookup(
      db,
      'test_session_lookup',
      db
        .select({ id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, email: users.email, signedIn: sql<boolean>`true` })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sql.placeholder('id'))),
    );
  }

  async function addSession(db: Database['db'], id: string, email: string): Promise<number> {
    const [user] = await db.insert(users).values({ email }).returning({ id: users.id });
    await db.insert(sessions).values({ id, userId: user!.id, lastSeenAt: LAST_SEEN, expiresAt: LAST_SEEN, createdAt: LAST_SEEN, authenticatedBy: 'email-code' });
    return user!.id;
  }

  it('answers the row under the selection’s names and types, as drizzle would, and nothing for a missing key', async () => {
    const { db } = await open();
    const userId = await addSession(db, 'hash-1', 'anna@example.ch');
    const lookup = sessionLookup(db);
    const expected = { id: 'hash-1', userId, lastSeenAt: LAST_SEEN, email: 'anna@example.ch', signedIn: true };
    expect(await lookup({ id: 'hash-1' })).toEqual(expected);
    expect((await lookup({ id: 'hash-1' }))!.lastSeenAt).toBeInstanceOf(Date);
    // What drizzle's own execution answers for the same select.
    const [viaDrizzle] = await db
      .select({ id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, email: users.email, signedIn: sql<boolean>`true` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, 'hash-1'));
    expect(viaDrizzle).toEqual(expected);
    expect(await lookup({ id: 'hash-2' })).toBeUndefined();
  });

  it('built on a transaction, reads what the transaction wrote and the database does not show yet', async () => {
    const { db } = await open();
    const outside = sessionLookup(db);
    await db.transaction(async (tx) => {
      await addSession(tx, 'hash-tx', 'ben@example.ch');
      expect(await sessionLookup(tx)({ id: 'hash-tx' })).toMatchObject({ email: 'ben@example.ch' });
      if (driver === 'pg') expect(await outside({ id: 'hash-tx' })).toBeUndefined();
    });
    expect(await outside({ id: 'hash-tx' })).toMatchObject({ email: 'ben@example.ch' });
  });

  it('refuses, when built, a field the drivers would parse otherwise than drizzle maps it', async () => {
    const { db } = await open();
    const dated = pgTable('dated', { key: text('key'), day: date('day'), plain: timestamp('plain') });
    const build = (field: 'day' | 'plain') => () =>
      prepareLookup(db, 'test_refused', db.select({ key: dated.key, value: dated[field] }).from(dated).where(eq(dated.key, sql.placeholder('key'))));
    expect(build('day')).toThrow('field "value" is a PgDateString');
    expect(build('plain')).toThrow('field "value" is a PgTimestamp');
    const mapped = () => prepareLookup(db, 'test_mapped', db.select({ count: sql`count(*)`.mapWith(Number) }).from(users).where(eq(users.id, sql.placeholder('id'))));
    expect(mapped).toThrow('field "count" needs drizzle\'s mapping');
  });

  it('answers every row in the statement’s order, a bigint and a double precision as drizzle maps them, null as null', async () => {
    const { db } = await open();
    await db.execute(sql`create table measured (key text primary key, size bigint, ratio double precision, at timestamptz)`);
    await db.execute(sql`insert into measured values ('a', 52428800, 0.85, '2026-03-15T10:00:00.123Z'), ('b', null, null, null), ('c', 9007199254740991, 1.5, null)`);
    const measured = pgTable('measured', {
      key: text('key').primaryKey(),
      size: bigint('size', { mode: 'number' }),
      ratio: doublePrecision('ratio'),
      at: timestamp('at', { withTimezone: true }),
    });
    const select = () => db.select().from(measured).where(sql`${measured.key} = any(${sql.placeholder('keys')}::text[])`).orderBy(measured.key);
    const rows = prepareRows(db, 'test_measured', select());
    const expected = [
      { key: 'a', size: 52428800, ratio: 0.85, at: LAST_SEEN },
      { key: 'b', size: null, ratio: null, at: null },
      { key: 'c', size: 9007199254740991, ratio: 1.5, at: null },
    ];
    expect(await rows({ keys: ['c', 'a', 'b'] })).toEqual(expected);
    expect(await select().execute({ keys: ['c', 'a', 'b'] })).toEqual(expected);
    expect(typeof (await rows({ keys: ['a'] }))[0]!.size).toBe('number');
    expect(await rows({ keys: ['none'] })).toEqual([]);
  });
});
