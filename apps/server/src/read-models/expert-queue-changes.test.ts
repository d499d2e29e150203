/**
 * The queue's version (migration 0017): every transaction that changes the queue writes one of
 * sixteen slot rows. It takes one no other transaction holds, so a change never waits here for an
 * unrelated one (and this lock cannot close a deadlock). Two connections are needed: PostgreSQL only.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { drivers, useTestApp } from '../test/build-test-app.js';

describe.each(drivers.filter((driver) => driver === 'pg'))('the expert queue version (%s)', (driver) => {
  const ctx = useTestApp(driver);

  const addQueuedYear = (client: pg.PoolClient, email: string) =>
    client.query(
      `with person as (insert into users (email, first_name, last_name) values ($1, 'Anna', 'Muster') returning id)
       insert into tax_year_statuses (user_id, tax_year, status) select id, 2025, 'documents_submitted' from person`,
      [email],
    );

  it('lets a change through while other transactions hold fifteen of the sixteen slots, without waiting', async () => {
    const pool = ctx.database.client as pg.Pool;
    // The test's reset empties every table; the migration's sixteen slots are written again.
    await pool.query(`insert into expert_queue_changes (slot) select generate_series(0, 15) on conflict do nothing`);
    const holder = await pool.connect();
    const changer = await pool.connect();
    try {
      const { rows } = await changer.query<{ pid: number }>(`select pg_backend_pid() as pid`);
      const ownSlot = rows[0]!.pid % 16;
      await holder.query('begin');
      // Every slot but one, and the changer's own among those held.
      await holder.query(`select slot from expert_queue_changes where slot <> $1 for update`, [(ownSlot + 7) % 16]);
      await changer.query('begin');
      await changer.query(`set local lock_timeout = '2s'`);
      await addQueuedYear(changer, 'anna@example.ch');
      const taken = await changer.query<{ slot: number }>(`select slot from expert_queue_changes where xmin = pg_current_xact_id()::xid`);
      expect(taken.rows).toEqual([{ slot: (ownSlot + 7) % 16 }]);
      await changer.query('commit');
    } finally {
      await holder.query('rollback');
      holder.release();
      changer.release();
    }
    const queued = await pool.query(`select count(*)::int as n from expert_queue_rows`);
    expect(queued.rows[0].n).toBe(1);
  });

  it('writes one slot row version per transaction, however many statements change the queue', async () => {
    const pool = ctx.database.client as pg.Pool;
    await pool.query(`insert into expert_queue_changes (slot) select generate_series(0, 15) on conflict do nothing`);
    const client = await pool.connect();
    try {
      // The table's writes as this connection counts them (a count that may still hold earlier
      // transactions' until PostgreSQL reports them, so only its growth is compared).
      const writes = async () =>
        Number((await client.query(`select n_tup_ins + n_tup_upd as n from pg_stat_xact_user_tables where relname = 'expert_queue_changes'`)).rows[0].n);
      await client.query('begin');
      const before = await writes();
      for (let n = 0; n < 5; n++) await addQueuedYear(client, `person${n}@example.ch`);
      expect((await writes()) - before).toBe(1);
      await client.query('commit');
    } finally {
      client.release();
    }
  });
});
