import { describe, expect, it } from 'vitest';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get } from '../../test/auth-helpers.js';

describe.each(drivers)('GET /api/config (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('tells the login page, without a session, whether debug tools exist and the version', async () => {
    const response = await get(ctx.app, '/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ debugTools: false, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    await ctx.rebuild({ debugTools: true });
    expect((await get(ctx.app, '/api/config')).json().debugTools).toBe(true);
  });
});
