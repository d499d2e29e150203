import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { auditEvents, users } from '../../db/schema.js';
import { queryRows, type Db } from '../../db/client.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';
import { send, setStatusRow, statusRow } from '../../test/status-helpers.js';

// The test clock says 15 March 2026: the year in preparation is 2025.
const YEAR = 2025;

/**
 * Makes the database refuse audit events of `action` (a trigger raising an error), runs `work`,
 * and removes the trigger again (truncating between tests keeps triggers).
 */
async function withAuditRefused(db: Db, action: string, work: () => Promise<void>): Promise<void> {
  await db.execute(sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`));
  await db.execute(
    sql.raw(`create trigger refuse_audit before insert on audit_events for each row when (new.action = '${action}') execute function refuse_audit()`),
  );
  try {
    await work();
  } finally {
    await db.execute(sql.raw('drop trigger if exists refuse_audit on audit_events'));
  }
}

describe.each(drivers)('an administrator change and its audit event are one (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  const roleOf = async (id: number) => (await db().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it('a status set whose audit event cannot be written changes no status', async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    await setStatusRow(db(), anna.user.id, YEAR, 'documents_pending');
    await withAuditRefused(db(), 'tax_status.admin_set', async () => {
      const response = await send(ctx.app, 'PATCH', '/api/user/tax-status', admin.cookie, { taxStatus: 5, taxYear: YEAR, userId: anna.user.id });
      expect(response.statusCode).toBe(500);
      const allYears = await send(ctx.app, 'PATCH', '/api/user/tax-status', admin.cookie, { taxStatus: 6, allYears: true, userId: anna.user.id });
      expect(allYears.statusCode).toBe(500);
    });
    expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_pending');
    expect(await statusRow(db(), anna.user.id, 2024)).toBeUndefined();
  });

  it('a role change whose audit event cannot be written changes no role', async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    await withAuditRefused(db(), 'user.role_change', async () => {
      const response = await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/role`, admin.cookie, { role: 'admin' });
      expect(response.statusCode).toBe(500);
    });
    expect(await roleOf(anna.user.id)).toBe('user');
  });

  it('a plan change whose audit event cannot be written changes no plan', async () => {
    const admin = await signIn(ctx, 'admin@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    await withAuditRefused(db(), 'user.plan_change', async () => {
      const response = await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/plan`, admin.cookie, { subscriptionPlan: 'premium' });
      expect(response.statusCode).toBe(500);
    });
    const [row] = await db().select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, anna.user.id));
    expect(row?.plan).toBe('basic');
  });

  it('the first account is not created as an administrator without its audit event', async () => {
    await withAuditRefused(db(), 'user.role_change', async () => {
      await expect(signIn(ctx, 'first@example.ch')).rejects.toThrow(/verify-code: 500/);
    });
    expect(await db().select().from(users)).toEqual([]);
    // The next try creates it, as the administrator, with its event.
    const first = await signIn(ctx, 'first@example.ch');
    expect(first.user.isAdmin).toBe(true);
  });

  it('an ADMIN_EMAILS address gets no role without its audit event', async () => {
    await ctx.rebuild({ adminEmails: ['boss@example.ch'] });
    await signIn(ctx, 'first@example.ch');
    await withAuditRefused(db(), 'user.role_change', async () => {
      await expect(signIn(ctx, 'boss@example.ch')).rejects.toThrow(/verify-code: 500/);
    });
    expect((await db().select({ email: users.email }).from(users)).map((u) => u.email)).toEqual(['first@example.ch']);
  });

  if (driver === 'pg') {
    it("records the status an automatic move left, not the one read before it, when both happen at once (PostgreSQL)", async () => {
      const admin = await signIn(ctx, 'admin@example.ch');
      const anna = await signIn(ctx, 'anna@example.ch');
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_pending');
      // Another connection holds the row, as an upload's 2 → 3 move in flight does.
      const other = await (ctx.database.client as pg.Pool).connect();
      try {
        await other.query('begin');
        await other.query('select status from tax_year_statuses where user_id = $1 and tax_year = $2 for update', [anna.user.id, YEAR]);
        const patched = send(ctx.app, 'PATCH', '/api/user/tax-status', admin.cookie, { taxStatus: 5, taxYear: YEAR, userId: anna.user.id });
        // Until the administrator's change waits for that row.
        for (let waiting = 0; waiting === 0; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          [{ waiting = 0 } = {}] = await queryRows<{ waiting: number }>(db(), sql`select count(*)::int as waiting from pg_locks where not granted`);
        }
        await other.query(`update tax_year_statuses set status = 'documents_submitted' where user_id = $1 and tax_year = $2`, [anna.user.id, YEAR]);
        await other.query('commit');
        expect((await patched).statusCode).toBe(200);
      } finally {
        other.release();
      }
      expect(await statusRow(db(), anna.user.id, YEAR)).toBe('review_required');
      const [event] = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'tax_status.admin_set'), eq(auditEvents.subjectUserId, anna.user.id)));
      expect(event?.details).toEqual({ taxYear: YEAR, from: 3, to: 5 });
    });
  }
});
