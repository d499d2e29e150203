import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Notification } from '@taxli/domain';
import { taxProfiles, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';

describe.each(drivers)('GET /api/notifications (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const notifications = async (cookie: string) => {
    const response = await get(ctx.app, '/api/notifications', { cookie });
    expect(response.statusCode).toBe(200);
    return response.json<Notification[]>();
  };
  const complete = {
    firstName: 'Anna',
    lastName: 'Muster',
    phone: '0791234567',
    taxStreet: 'Bahnhofstrasse 1',
    taxCity: 'Zürich',
    subscriptionPlan: 'basic' as 'basic' | 'premium' | null,
  };
  /** The year in preparation (2025 by the test clock) has a complete tax profile (D15). */
  const completeTaxProfile = (userId: number) =>
    ctx.database.db.insert(taxProfiles).values({ userId, taxYear: 2025, answers: {}, completedAt: new Date() });

  it('tells a brand-new account (on the basic plan, D14) only its next step, with the contract fields', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const list = await notifications(cookie);
    expect(list.map(({ id, category, priority, actionUrl }) => ({ id, category, priority, actionUrl }))).toEqual([
      { id: 'missing-name', category: 'profile', priority: 'high', actionUrl: '/profile' },
    ]);
    for (const n of list) expect(Object.keys(n).sort()).toEqual(['actionText', 'actionUrl', 'category', 'description', 'id', 'priority', 'title']);
  });

  it('follows the record: each fact that is filled in removes its notification', async () => {
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    const set = (fields: Partial<typeof complete>) => ctx.database.db.update(users).set(fields).where(eq(users.id, user.id));
    const ids = async () => (await notifications(cookie)).map((n) => n.id);

    await set({ firstName: 'Anna', lastName: 'Muster' });
    expect(await ids()).toEqual(['missing-phone', 'incomplete-tax-profile']);
    await set({ phone: '0791234567' });
    expect(await ids()).toEqual(['incomplete-tax-profile']);
    await completeTaxProfile(user.id);
    // The tax address is announced once the tax profile (whose wizard asks it) is complete.
    expect(await ids()).toEqual(['missing-tax-address']);
    await set({ taxStreet: 'Bahnhofstrasse 1' });
    expect(await ids()).toContain('missing-tax-address');
    await set({ taxCity: 'Zürich', subscriptionPlan: null });
    expect(await ids()).toEqual(['no-subscription-plan']);
    await set({ subscriptionPlan: 'premium' });
    expect(await ids()).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await get(ctx.app, '/api/notifications')).statusCode).toBe(401);
  });

  it("judges each user by their own record only", async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    await ctx.database.db.update(users).set(complete).where(eq(users.id, anna.user.id));
    await completeTaxProfile(anna.user.id);
    expect(await notifications(anna.cookie)).toEqual([]);
    expect(await notifications(ben.cookie)).toHaveLength(1);
  });
});
