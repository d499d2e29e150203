import { describe, expect, it } from 'vitest';
import type { AdvancedTaxInfoResponse } from '@taxli/domain';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { send } from '../../test/status-helpers.js';

const YEAR = 2025;

/** One save body per part, its answers told apart by `n`. */
const parts = {
  spouse: {
    url: '/api/advanced-tax-info/spouse',
    body: (n: number) => ({ taxYear: YEAR, firstName: `Marco ${n}`, lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumber: '', taxId: '' }),
    stored: (info: AdvancedTaxInfoResponse) => info.spouse?.firstName,
    expected: (n: number) => `Marco ${n}`,
  },
  children: {
    url: '/api/advanced-tax-info/children',
    body: (n: number) => ({
      taxYear: YEAR,
      children: [{ firstName: `Lea ${n}`, lastName: 'Muster', birthDate: '2015-04-01', schoolingInfo: '', disability: '', alimony: '' }],
    }),
    stored: (info: AdvancedTaxInfoResponse) => info.children[0]?.firstName,
    expected: (n: number) => `Lea ${n}`,
  },
  authorization: {
    url: '/api/advanced-tax-info/authorization',
    body: (n: number) => ({
      taxYear: YEAR,
      taxAddressEnabled: true,
      powerOfAttorneyEnabled: n % 2 === 0,
      canton: 'ZH',
      tinNumber: `123.456.${String(100 + n)}`,
      powerOfAttorneyAccepted: true,
    }),
    stored: (info: AdvancedTaxInfoResponse) => info.authorization?.tinNumber,
    expected: (n: number) => `123.456.${String(100 + n)}`,
  },
} as const;
type Part = keyof typeof parts;
const PART_NAMES = Object.keys(parts) as Part[];

/**
 * A save edited from an older version of its part (another tab or device saved since) is refused
 * instead of overwriting the newer answers; a save that sends no version is kept as before.
 */
describe.each(drivers)('Advanced Tax Information versions (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const info = async (cookie: string) => (await get(ctx.app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie })).json<AdvancedTaxInfoResponse>();

  async function person() {
    await signIn(ctx, 'admin@example.ch');
    return (await signIn(ctx, 'anna@example.ch')).cookie;
  }

  const save = (cookie: string, part: Part, n: number, version?: number) =>
    send(ctx.app, 'PUT', parts[part].url, cookie, { ...parts[part].body(n), ...(version === undefined ? {} : { version }) });

  it.each(PART_NAMES)('refuses an older tab’s %s save with 409 ANSWERS_OUTDATED and keeps the newer answers', async (part) => {
    const cookie = await person();
    expect((await info(cookie)).versions[part]).toBe(0);

    // Two tabs opened the part at version 0; the first saves.
    const first = await save(cookie, part, 1, 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(1);

    const older = await save(cookie, part, 2, 0);
    expect(older.statusCode, older.body).toBe(409);
    expect(older.json().error).toMatchObject({ code: 'ANSWERS_OUTDATED', field: 'version' });
    expect(older.json().error.message).toContain('load them and save again');

    const after = await info(cookie);
    expect(parts[part].stored(after)).toBe(parts[part].expected(1));
    expect(after.versions[part]).toBe(1);

    // Loaded again, the second tab saves over the version it now has.
    const again = await save(cookie, part, 3, 1);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().version).toBe(2);
    expect(parts[part].stored(await info(cookie))).toBe(parts[part].expected(3));
  });

  it('keeps a save that sends no version, as the spec’s clients do, and counts it', async () => {
    const cookie = await person();
    for (const part of PART_NAMES) {
      expect((await save(cookie, part, 1)).statusCode).toBe(200);
      const second = await save(cookie, part, 2);
      expect(second.statusCode).toBe(200);
      expect(second.json().version).toBe(2);
    }
    const after = await info(cookie);
    expect(after.versions).toEqual({ spouse: 2, children: 2, authorization: 2 });
    for (const part of PART_NAMES) expect(parts[part].stored(after)).toBe(parts[part].expected(2));
  });

  it('counts each part on its own: a spouse saved, a section toggled, leave the others’ versions alone', async () => {
    const cookie = await person();
    expect((await send(ctx.app, 'POST', '/api/user-preferences/spouse', cookie, { taxYear: YEAR, isRelevant: true })).statusCode).toBe(200);
    expect((await info(cookie)).versions).toEqual({ spouse: 0, children: 0, authorization: 0 });
    // The row exists (the toggle made it); nothing of the spouse is saved yet: version 0 still saves.
    expect((await save(cookie, 'spouse', 1, 0)).statusCode).toBe(200);
    expect((await save(cookie, 'children', 1, 0)).statusCode).toBe(200);
    expect((await info(cookie)).versions).toEqual({ spouse: 1, children: 1, authorization: 0 });
  });

  it('stores one of two saves sent at once from the same version and refuses the other', async () => {
    const cookie = await person();
    for (const part of PART_NAMES) {
      const answers = await Promise.all([save(cookie, part, 1, 0), save(cookie, part, 2, 0)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, part).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200) + 1;
      const after = await info(cookie);
      expect(parts[part].stored(after)).toBe(parts[part].expected(winner));
      expect(after.versions[part]).toBe(1);
    }
  });

  it('refuses a version that never was stored, and one that is not a version, naming it', async () => {
    const cookie = await person();
    const ahead = await save(cookie, 'spouse', 1, 5);
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().error.code).toBe('ANSWERS_OUTDATED');
    for (const version of [-1, 1.5, 'two', 2 ** 31]) {
      const answer = await send(ctx.app, 'PUT', parts.children.url, cookie, { ...parts.children.body(1), version });
      expect(answer.statusCode, String(version)).toBe(400);
      expect(answer.json().error.field, String(version)).toBe('version');
    }
    expect((await info(cookie)).spouse).toBeNull();
    expect((await info(cookie)).children).toEqual([]);
  });
});
