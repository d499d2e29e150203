import { describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../test/build-test-app.js';
import { get, signIn } from '../test/auth-helpers.js';
import { send } from '../test/status-helpers.js';
import { firstUnstorableField } from './storable-text.js';

const YEAR = 2025;
const LONE_SURROGATE = '\ud800';

describe('firstUnstorableField', () => {
  it('names the first value or key PostgreSQL cannot store, however deep', () => {
    expect(firstUnstorableField({ a: ['fine', 'Zoë 😀'], b: 1, c: null })).toBeUndefined();
    expect(firstUnstorableField({ children: [{ firstName: 'Lia' }, { firstName: `Li${LONE_SURROGATE}a` }] })).toBe('children.1.firstName');
    expect(firstUnstorableField({ answers: { ['key\u0000']: true } })).toBe('answers');
    expect(firstUnstorableField('a\u0000b')).toBe('');
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 50_000; level++) deep = [deep];
    expect(firstUnstorableField(deep)).toBe(Array(50_000).fill('0').join('.'));
  });
});

describe.each(drivers)('text the database cannot store (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('answers 400 INVALID_CHARACTERS naming the field, for a route added without any rule of its own', async () => {
    // A new endpoint that writes whatever it gets into jsonb, as a careless one would.
    ctx.app.put('/api/test/echo-jsonb', { config: { access: 'public' } }, async (request) => {
      await ctx.database.db.execute(`select '${JSON.stringify(request.body).replaceAll("'", "''")}'::jsonb`);
      return {};
    });
    const response = await send(ctx.app, 'PUT', '/api/test/echo-jsonb', undefined, { notes: [{ text: `half ${LONE_SURROGATE}` }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'notes.0.text' });
  });

  it('refuses NUL in a query string and in a path parameter with 400', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const query = await get(ctx.app, '/api/files?taxYear=20%0025', { cookie });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'taxYear' });
    const param = await send(ctx.app, 'POST', '/api/user-preferences/spo%00use', cookie, { taxYear: YEAR, isRelevant: true });
    expect(param.statusCode).toBe(400);
    expect(param.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'key' });
  });
});
