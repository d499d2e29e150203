import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AdminUsersResponse, type AuditResponse, type ResetProfileResponse, type SystemInfoResponse, type UserResponse } from '@taxli/domain';
import { auditEvents, taxProfiles, users } from '../../db/schema.js';
import { hashEmail } from '../../lib/personal-hash.js';
import { TEST_SECRET, drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { addDocument, send, setStatusRow, statusRow } from '../../test/status-helpers.js';
import { SERVER_VERSION } from '../../lib/version.js';

// The test clock says 15 March 2026: the year in preparation is 2025.
const YEAR = 2025;

describe.each(drivers)('admin API (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  /** The first account created is the admin (D4). */
  const signInAdmin = () => signIn(ctx, 'admin@example.ch');
  const audit = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));

  describe('GET /api/admin/users', () => {
    it('lists accounts newest first with their role, finds them by e-mail fragment or id, and counts the admins', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await signIn(ctx, 'bruno@example.ch');

      const all = await get(ctx.app, '/api/admin/users', { cookie: admin.cookie });
      expect(all.statusCode).toBe(200);
      const body = all.json<AdminUsersResponse>();
      expect(body.users.map((u) => [u.email, u.role])).toEqual([
        ['bruno@example.ch', 'user'],
        ['anna@example.ch', 'user'],
        ['admin@example.ch', 'admin'],
      ]);
      expect(body).toMatchObject({ total: 3, adminCount: 1 });

      const byEmail = (await get(ctx.app, '/api/admin/users?q=ANNA', { cookie: admin.cookie })).json<AdminUsersResponse>();
      expect(byEmail.users.map((u) => u.id)).toEqual([anna.user.id]);
      const byId = (await get(ctx.app, `/api/admin/users?q=${anna.user.id}`, { cookie: admin.cookie })).json<AdminUsersResponse>();
      expect(byId.users.map((u) => u.email)).toEqual(['anna@example.ch']);
      // LIKE's wildcards are taken literally: '%' matches no address here.
      const wildcard = (await get(ctx.app, '/api/admin/users?q=%25', { cookie: admin.cookie })).json<AdminUsersResponse>();
      expect(wildcard).toMatchObject({ users: [], total: 0 });
      const limited = (await get(ctx.app, '/api/admin/users?limit=1', { cookie: admin.cookie })).json<AdminUsersResponse>();
      expect(limited).toMatchObject({ total: 3 });
      expect(limited.users).toHaveLength(1);
    });

    it('audits every listing and search (D12): who read, whose rows were shown, the search only as a keyed hash', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      const bruno = await signIn(ctx, 'bruno@example.ch');
      expect(await audit('admin.users_read')).toHaveLength(0);

      await get(ctx.app, '/api/admin/users', { cookie: admin.cookie });
      await get(ctx.app, '/api/admin/users?q=Anna%40Example.ch', { cookie: admin.cookie });
      const events = await audit('admin.users_read');
      expect(events.map((e) => [e.actorUserId, e.subjectUserId, e.outcome, e.details])).toEqual([
        [admin.user.id, null, 'success', { searched: false, shown: 3, userIds: [bruno.user.id, anna.user.id, admin.user.id].join(',') }],
        [admin.user.id, null, 'success', { searched: true, shown: 1, userIds: String(anna.user.id) }],
      ]);
      // The search is kept as the same keyed hash as the address in the sign-in events, never in clear.
      expect(events[0]!.emailHash).toBeNull();
      expect(events[1]!.emailHash).toBe(hashEmail(TEST_SECRET, 'anna@example.ch'));
      expect(JSON.stringify(events)).not.toMatch(/anna|example/i);
    });

    it('refuses a bad limit with 400', async () => {
      const admin = await signInAdmin();
      for (const limit of ['0', '201', 'x', '1.5']) {
        const response = await get(ctx.app, `/api/admin/users?limit=${limit}`, { cookie: admin.cookie });
        expect({ limit, status: response.statusCode }).toEqual({ limit, status: 400 });
      }
    });

    it('refuses a search with NUL or another control character with 400 (NUL used to reach ILIKE and answer 500)', async () => {
      const admin = await signInAdmin();
      const nul = await get(ctx.app, '/api/admin/users?q=anna%00', { cookie: admin.cookie });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'q' });
      const bell = await get(ctx.app, '/api/admin/users?q=anna%07', { cookie: admin.cookie });
      expect(bell.statusCode).toBe(400);
      expect(bell.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' });
    });
  });

  describe('PATCH /api/admin/users/:userId/role', () => {
    const setRole = (cookie: string, userId: number | string, payload: unknown) => send(ctx.app, 'PATCH', `/api/admin/users/${userId}/role`, cookie, payload);

    it('grants and removes the admin role at once, audited with who, whom, from and to', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      expect((await get(ctx.app, '/api/admin/users', { cookie: anna.cookie })).statusCode).toBe(403);

      const granted = await setRole(admin.cookie, anna.user.id, { role: 'admin' });
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({ id: anna.user.id, email: 'anna@example.ch', role: 'admin' });
      // The role is read from the database on every request: no new sign-in needed.
      expect((await get(ctx.app, '/api/admin/users', { cookie: anna.cookie })).statusCode).toBe(200);
      expect((await get(ctx.app, '/api/user', { cookie: anna.cookie })).json<UserResponse>()).toMatchObject({ isAdmin: true });

      const removed = await setRole(anna.cookie, admin.user.id, { role: 'user' });
      expect(removed.json()).toMatchObject({ id: admin.user.id, role: 'user' });
      expect((await get(ctx.app, '/api/admin/users', { cookie: admin.cookie })).statusCode).toBe(403);

      const events = await audit('user.role_change');
      expect(events.map((e) => [e.actorUserId, e.subjectUserId, e.outcome, e.details])).toEqual([
        [null, admin.user.id, 'success', { from: null, to: 'admin', reason: 'first_account' }],
        [admin.user.id, anna.user.id, 'success', { from: 'user', to: 'admin' }],
        [anna.user.id, admin.user.id, 'success', { from: 'admin', to: 'user' }],
      ]);
    });

    it('never removes the last administrator (409 LAST_ADMIN, audited as a failure), itself included', async () => {
      const admin = await signInAdmin();
      const response = await setRole(admin.cookie, admin.user.id, { role: 'user' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'LAST_ADMIN' } });
      expect((await get(ctx.app, '/api/admin/users', { cookie: admin.cookie })).statusCode).toBe(200);
      expect(await audit('user.role_change')).toMatchObject([
        { outcome: 'success', details: { reason: 'first_account' } },
        { outcome: 'failure', actorUserId: admin.user.id, details: { from: 'admin', to: 'user', reason: 'last_admin' } },
      ]);
    });

    it("makes an account an expert and back, audited; an expert is no administrator and the last administrator cannot become one", async () => {
      const admin = await signInAdmin();
      const eva = await signIn(ctx, 'eva@example.ch');

      const made = await setRole(admin.cookie, eva.user.id, { role: 'expert' });
      expect(made.statusCode).toBe(200);
      expect(made.json()).toMatchObject({ id: eva.user.id, role: 'expert' });
      const listed = (await get(ctx.app, '/api/admin/users?q=eva', { cookie: admin.cookie })).json<AdminUsersResponse>();
      expect(listed.users.map((u) => [u.email, u.role])).toEqual([['eva@example.ch', 'expert']]);
      expect((await get(ctx.app, '/api/user', { cookie: eva.cookie })).json<UserResponse>()).toMatchObject({ role: 'expert', isAdmin: false });
      // The admin routes stay the administrators'.
      expect((await get(ctx.app, '/api/admin/users', { cookie: eva.cookie })).statusCode).toBe(403);

      // The last administrator keeps the role, whatever the new one would be.
      const lastAdmin = await setRole(admin.cookie, admin.user.id, { role: 'expert' });
      expect([lastAdmin.statusCode, lastAdmin.json().error?.code]).toEqual([409, 'LAST_ADMIN']);

      expect((await setRole(admin.cookie, eva.user.id, { role: 'user' })).json()).toMatchObject({ role: 'user' });
      const events = await audit('user.role_change');
      expect(events.slice(1).map((e) => [e.subjectUserId, e.outcome, e.details])).toEqual([
        [eva.user.id, 'success', { from: 'user', to: 'expert' }],
        [admin.user.id, 'failure', { from: 'admin', to: 'expert', reason: 'last_admin' }],
        [eva.user.id, 'success', { from: 'expert', to: 'user' }],
      ]);
    });

    it('keeps the role removed from the first account when it signs in again', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await setRole(admin.cookie, anna.user.id, { role: 'admin' });
      await setRole(anna.cookie, admin.user.id, { role: 'user' });
      const again = await signIn(ctx, 'admin@example.ch');
      expect(again.user.isAdmin).toBe(false);
    });

    it('answers 404 for an unknown account and 400 for a bad role or id, changing nothing', async () => {
      const admin = await signInAdmin();
      expect((await setRole(admin.cookie, 999, { role: 'admin' })).statusCode).toBe(404);
      for (const [userId, payload] of [
        [admin.user.id, { role: 'owner' }],
        [admin.user.id, {}],
        ['abc', { role: 'admin' }],
        ['0', { role: 'admin' }],
        ['1.5', { role: 'admin' }],
      ] as const) {
        const response = await setRole(admin.cookie, userId, payload);
        expect({ userId, payload, status: response.statusCode }).toEqual({ userId, payload, status: 400 });
      }
      expect(await db().select({ role: users.role }).from(users)).toEqual([{ role: 'admin' }]);
    });
  });

  describe('GET /api/admin/audit (issue 27 item 8)', () => {
    const readAudit = (cookie: string, query = '') => get(ctx.app, `/api/admin/audit${query}`, { cookie });

    it('is for administrators only: 401 without a session, 403 to a person and to an expert', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      const eva = await signIn(ctx, 'eva@example.ch');
      await send(ctx.app, 'PATCH', `/api/admin/users/${eva.user.id}/role`, admin.cookie, { role: 'expert' });
      expect((await get(ctx.app, '/api/admin/audit')).statusCode).toBe(401);
      expect((await readAudit(anna.cookie)).statusCode).toBe(403);
      expect((await readAudit(eva.cookie)).statusCode).toBe(403);
    });

    it('lists events newest first, filtered by person, actor and action, and audits the read itself', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/role`, admin.cookie, { role: 'expert' });
      await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/role`, admin.cookie, { role: 'user' });

      const all = await readAudit(admin.cookie);
      expect(all.statusCode).toBe(200);
      const ids = all.json<AuditResponse>().events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      const changes = (await readAudit(admin.cookie, `?userId=${anna.user.id}&action=user.role_change`)).json<AuditResponse>();
      expect(changes.events.map((e) => [e.actorUserId, e.subjectUserId, e.details])).toEqual([
        [admin.user.id, anna.user.id, { from: 'expert', to: 'user' }],
        [admin.user.id, anna.user.id, { from: 'user', to: 'expert' }],
      ]);
      expect(changes.nextCursor).toBeNull();

      const byActor = (await readAudit(admin.cookie, `?actorId=${anna.user.id}`)).json<AuditResponse>();
      expect(byActor.events.every((e) => e.actorUserId === anna.user.id)).toBe(true);

      // Reading the trail is a read of other people's data (D12).
      const reads = await audit('admin.audit_read');
      expect(reads.at(-1)).toMatchObject({ actorUserId: admin.user.id, outcome: 'success' });
      // Only the filters used.
      expect(reads.at(-1)?.details).toEqual({ actorId: anna.user.id, shown: byActor.events.length });
    });

    it('pages with a cursor, without gaps or repeats, and filters by days (UTC, both included)', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      for (let i = 0; i < 60; i++) {
        await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/role`, admin.cookie, { role: i % 2 === 0 ? 'expert' : 'user' });
      }
      // 61 role changes with the first account's: a full page, then the rest.
      const first = (await readAudit(admin.cookie, '?action=user.role_change')).json<AuditResponse>();
      expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
      expect(first.nextCursor).toBe(first.events.at(-1)?.id);
      const second = (await readAudit(admin.cookie, `?action=user.role_change&cursor=${first.nextCursor}`)).json<AuditResponse>();
      expect(second.events).toHaveLength(61 - AUDIT_PAGE_SIZE);
      expect(second.nextCursor).toBeNull();
      const ids = [...first.events, ...second.events].map((e) => e.id);
      expect(new Set(ids).size).toBe(61);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));

      const today = ctx.clock.clock().toISOString().slice(0, 10);
      expect((await readAudit(admin.cookie, `?action=user.role_change&from=${today}&to=${today}`)).json<AuditResponse>().events).toHaveLength(AUDIT_PAGE_SIZE);
      expect((await readAudit(admin.cookie, '?action=user.role_change&to=2000-01-01')).json<AuditResponse>().events).toEqual([]);
    });

    it('exports the filtered trail as CSV for administrators only, audited as an export', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await send(ctx.app, 'PATCH', `/api/admin/users/${anna.user.id}/role`, admin.cookie, { role: 'expert' });
      expect((await get(ctx.app, '/api/admin/audit.csv', { cookie: anna.cookie })).statusCode).toBe(403);

      const response = await get(ctx.app, `/api/admin/audit.csv?userId=${anna.user.id}&action=user.role_change`, { cookie: admin.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="taxli-audit.csv"');
      const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,at,action,outcome,actorUserId,subjectUserId,details');
      expect(lines.slice(1)).toHaveLength(1);
      const row = new RegExp(`^\\d+,2026-03-15T[^,]+,user\\.role_change,success,${admin.user.id},${anna.user.id},"(.*)"$`).exec(lines[1] ?? '');
      expect(row).not.toBeNull();
      // The details as JSON in one quoted cell (a stored object keeps no key order).
      expect(JSON.parse(row![1]!.replaceAll('""', '"'))).toEqual({ from: 'user', to: 'expert' });
      expect((await audit('admin.audit_export')).at(-1)).toMatchObject({ actorUserId: admin.user.id, subjectUserId: anna.user.id, details: { action: 'user.role_change', exported: 1 } });
      expect((await get(ctx.app, '/api/admin/audit.csv?from=nope', { cookie: admin.cookie })).statusCode).toBe(400);
    });

    it('refuses bad filters with 400 naming the field', async () => {
      const admin = await signInAdmin();
      for (const [query, field] of [
        ['?userId=abc', 'userId'],
        ['?actorId=0', 'actorId'],
        ['?cursor=99999999999', 'cursor'],
        ['?from=2026-13-01', 'from'],
        ['?to=0000-01-01', 'to'],
        [`?action=${'x'.repeat(101)}`, 'action'],
      ] as const) {
        const response = await readAudit(admin.cookie, query);
        expect({ query, status: response.statusCode, field: response.json().error?.field }).toEqual({ query, status: 400, field });
      }
    });
  });

  describe('PATCH /api/admin/users/:userId/plan (D14)', () => {
    const setPlan = (cookie: string | undefined, userId: number | string, payload: unknown) =>
      send(ctx.app, 'PATCH', `/api/admin/users/${userId}/plan`, cookie, payload);
    const planOf = async (id: number) => (await db().select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, id)))[0]?.plan;

    it('lists every account with its stored plan (basic for a new one) and lets an administrator change it, audited', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      const listed = (await get(ctx.app, '/api/admin/users', { cookie: admin.cookie })).json<AdminUsersResponse>();
      expect(listed.users.map((u) => [u.email, u.subscriptionPlan])).toEqual([
        ['anna@example.ch', 'basic'],
        ['admin@example.ch', 'basic'],
      ]);

      const changed = await setPlan(admin.cookie, anna.user.id, { subscriptionPlan: 'premium' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ id: anna.user.id, email: 'anna@example.ch', subscriptionPlan: 'premium' });
      // What the person sees: the profile reads the stored plan.
      expect((await get(ctx.app, '/api/user', { cookie: anna.cookie })).json<UserResponse>().subscriptionPlan).toBe('premium');
      // The same plan again changes and records nothing.
      expect((await setPlan(admin.cookie, anna.user.id, { subscriptionPlan: 'premium' })).statusCode).toBe(200);
      expect((await audit('user.plan_change')).map((e) => [e.actorUserId, e.subjectUserId, e.outcome, e.details])).toEqual([
        [admin.user.id, anna.user.id, 'success', { from: 'basic', to: 'premium' }],
      ]);
    });

    it("stores a plan for an account that had none, which ends its 'no subscription plan' notice", async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await db().update(users).set({ subscriptionPlan: null }).where(eq(users.id, anna.user.id));
      const notices = async () => (await get(ctx.app, '/api/notifications', { cookie: anna.cookie })).json<{ id: string }[]>().map((n) => n.id);
      expect(await notices()).toContain('no-subscription-plan');
      await setPlan(admin.cookie, anna.user.id, { subscriptionPlan: 'basic' });
      expect(await notices()).not.toContain('no-subscription-plan');
      expect(await audit('user.plan_change')).toMatchObject([{ details: { from: null, to: 'basic' } }]);
    });

    it('refuses anyone but an administrator (403, 401 without a session), their own plan included', async () => {
      await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      const own = await setPlan(anna.cookie, anna.user.id, { subscriptionPlan: 'premium' });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect((await setPlan(undefined, anna.user.id, { subscriptionPlan: 'premium' })).statusCode).toBe(401);
      expect(await planOf(anna.user.id)).toBe('basic');
      expect(await audit('user.plan_change')).toHaveLength(0);
    });

    it('answers 400 naming subscriptionPlan for a plan that does not exist, and 404 for an unknown account, changing nothing', async () => {
      const admin = await signInAdmin();
      for (const payload of [{ subscriptionPlan: 'gold' }, { subscriptionPlan: 'none' }, { subscriptionPlan: null }, { subscriptionPlan: 'Premium' }, {}]) {
        const response = await setPlan(admin.cookie, admin.user.id, payload);
        expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'subscriptionPlan' } });
      }
      expect((await setPlan(admin.cookie, 'abc', { subscriptionPlan: 'premium' })).statusCode).toBe(400);
      const unknown = await setPlan(admin.cookie, 999, { subscriptionPlan: 'premium' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', field: 'userId' } });
      expect(await planOf(admin.user.id)).toBe('basic');
      expect(await audit('user.plan_change')).toHaveLength(0);
    });
  });

  describe('GET /api/admin/tax-status', () => {
    it("reads another user's status of a year, the admin's own by default", async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      await setStatusRow(db(), anna.user.id, 2024, 'review_required');
      const annas = await get(ctx.app, `/api/admin/tax-status?userId=${anna.user.id}&taxYear=2024`, { cookie: admin.cookie });
      expect(annas.json()).toMatchObject({ userId: anna.user.id, taxYear: 2024, status: 'review_required', current_status_id: 5 });
      const own = await get(ctx.app, '/api/admin/tax-status', { cookie: admin.cookie });
      expect(own.json()).toMatchObject({ userId: admin.user.id, taxYear: YEAR, current_status_id: 1 });
      // Reading Anna's status is a read of her data by someone else (D12); the admin's own is not.
      expect((await audit('tax_status.admin_read')).map((e) => [e.actorUserId, e.subjectUserId, e.outcome, e.details])).toEqual([
        [admin.user.id, anna.user.id, 'success', { taxYear: 2024 }],
      ]);
      expect((await get(ctx.app, '/api/admin/tax-status?userId=999', { cookie: admin.cookie })).statusCode).toBe(404);
      expect((await get(ctx.app, '/api/admin/tax-status?userId=x', { cookie: admin.cookie })).statusCode).toBe(400);
      expect((await get(ctx.app, '/api/admin/tax-status?taxYear=1990', { cookie: admin.cookie })).statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/reset-profile', () => {
    const reset = (cookie: string, payload: unknown) => send(ctx.app, 'POST', '/api/admin/reset-profile', cookie, payload);

    it('puts a user back to first-time sign-in: profile and open years reopened, documents, transmitted years and audit kept', async () => {
      const admin = await signInAdmin();
      const anna = await signIn(ctx, 'anna@example.ch');
      const now = new Date();
      await db().update(users).set({ isProfileComplete: true, firstName: 'Anna', lastName: 'Muster', phone: '791234567' }).where(eq(users.id, anna.user.id));
      for (const taxYear of [YEAR, 2024]) {
        await db().insert(taxProfiles).values({ userId: anna.user.id, taxYear, step: 11, answers: { cantonOfResidence: 'zurich' }, completedAt: now });
      }
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_submitted');
      await setStatusRow(db(), anna.user.id, 2024, 'processing');
      await setStatusRow(db(), anna.user.id, 2023, 'documents_pending');
      await addDocument(db(), anna.user.id, YEAR, 1, 'salary.pdf');
      const auditBefore = (await db().select().from(auditEvents)).length;

      const response = await reset(admin.cookie, { userId: anna.user.id });
      expect(response.statusCode).toBe(200);
      expect(response.json<ResetProfileResponse>()).toEqual({
        success: true,
        userId: anna.user.id,
        taxYears: [YEAR, 2023],
        message: `User ${anna.user.id} profile has been reset to first-time login status.`,
      });

      const me = (await get(ctx.app, `/api/user?taxYear=${YEAR}`, { cookie: anna.cookie })).json<UserResponse>();
      expect(me).toMatchObject({ isProfileComplete: false, isTaxProfileComplete: false, taxStatus: 'profile_incomplete', firstName: 'Anna' });
      expect(await statusRow(db(), anna.user.id, 2023)).toBe('profile_incomplete');
      // The transmitted year is the experts' work: untouched, with its completed tax profile.
      expect(await statusRow(db(), anna.user.id, 2024)).toBe('processing');
      const profiles = await db().select().from(taxProfiles).where(eq(taxProfiles.userId, anna.user.id));
      expect(profiles.map((p) => [p.taxYear, p.completedAt !== null, p.answers])).toEqual(
        expect.arrayContaining([
          [YEAR, false, { cantonOfResidence: 'zurich' }],
          [2024, true, { cantonOfResidence: 'zurich' }],
        ]),
      );
      const files = await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: anna.cookie });
      expect(files.json<unknown[]>()).toHaveLength(1);
      const events = await db().select().from(auditEvents);
      expect(events.length).toBe(auditBefore + 1);
      expect(events.at(-1)).toMatchObject({
        action: 'user.profile_reset',
        actorUserId: admin.user.id,
        subjectUserId: anna.user.id,
        details: { taxYears: `${YEAR},2023` },
      });
    });

    it("refuses an id that is not a whole positive number (400 naming userId) and an unknown one (404), changing nothing", async () => {
      const admin = await signInAdmin();
      await db().update(users).set({ isProfileComplete: true }).where(eq(users.id, admin.user.id));
      for (const userId of [0, -1, 1.5, 'abc', '1', null, 2 ** 40]) {
        const response = await reset(admin.cookie, { userId });
        expect({ userId, status: response.statusCode }).toEqual({ userId, status: 400 });
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'userId' } });
      }
      expect((await reset(admin.cookie, {})).statusCode).toBe(400);
      const unknown = await reset(admin.cookie, { userId: 999 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', field: 'userId' } });
      const [row] = await db().select({ complete: users.isProfileComplete }).from(users).where(eq(users.id, admin.user.id));
      expect(row?.complete).toBe(true);
      expect(await audit('user.profile_reset')).toHaveLength(0);
    });
  });

  describe('GET /api/admin/system-info', () => {
    it('tells the running environment, version and stores, not constants', async () => {
      const admin = await signInAdmin();
      const info = (await get(ctx.app, '/api/admin/system-info', { cookie: admin.cookie })).json<SystemInfoResponse>();
      expect(info).toMatchObject({
        environment: 'test',
        version: SERVER_VERSION,
        nodeVersion: process.version,
        database: driver === 'pg' ? 'postgresql' : 'embedded',
        blobStore: 'filesystem',
        debugTools: false,
      });
      // The tests run the sources, which have no build stamp.
      expect(info.buildDate).toBeNull();
      expect(Date.parse(info.startedAt)).not.toBeNaN();
      expect(JSON.stringify(info)).not.toMatch(/secret|password|key/i);
    });
  });

  it('checks whose data an admin changes: a status set for another user is theirs alone', async () => {
    const admin = await signInAdmin();
    const anna = await signIn(ctx, 'anna@example.ch');
    const response = await send(ctx.app, 'PATCH', '/api/user/tax-status', admin.cookie, { taxStatus: 4, taxYear: YEAR, userId: anna.user.id });
    expect(response.json()).toMatchObject({ userId: anna.user.id, current_status_id: 4 });
    expect(await statusRow(db(), anna.user.id, YEAR)).toBe('processing');
    expect(await statusRow(db(), admin.user.id, YEAR)).toBeUndefined();
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tax_status.admin_set'), eq(auditEvents.subjectUserId, anna.user.id)));
    expect(event).toMatchObject({ actorUserId: admin.user.id, details: { taxYear: YEAR, from: 1, to: 4 } });
  });
});
