import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { CapturingMailer, drivers, testConfig, useTestApp } from '../../test/build-test-app.js';

describe.each(drivers)('GET /api/health (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('answers ok without a session when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, database: 'ok' });
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503 when the database does not answer, naming no secret', async () => {
    const database = await openDatabase(undefined, 'memory://');
    const app = await buildApp({ config: testConfig(), database, mailer: new CapturingMailer(), logger: false });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, database: 'unreachable' });
  });
});
