import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute, json, routes } from '@taxli/domain';
import { drivers, useTestApp } from './test/build-test-app.js';
import { registerRoute } from './lib/register-route.js';
import { registerResponseCheck } from './plugins/response-check.js';

/** Server routes that are not part of the API and so not in the table: a developer's HTML page. */
const NOT_API = ['GET /dev/mailbox'];

const named = (route: { method: string; url?: string; path?: string }) => `${route.method} ${route.url ?? route.path}`;

describe.each(drivers)('the route table (%s)', (driver) => {
  // With the debug tools on, so that every route of the table exists.
  const ctx = useTestApp(driver, { debugTools: true });

  it('has every route the server registers, and the server registers every route of the table, from the table', () => {
    const registered = ctx.app.registeredRoutes.filter((route) => !NOT_API.includes(named(route)));
    const table = Object.values(routes);
    expect(registered.map(named).sort()).toEqual(table.map(named).sort());
    // Method, path, access and schemas all come from the entry itself, not from a copy.
    for (const route of registered) expect(table, named(route)).toContain(route.tableRoute);
  });

  it('gives each route the access the table says', () => {
    const access = (list: { method: string; access: string }[]) => list.map((route) => `${named(route as never)} ${route.access}`).sort();
    const registered = ctx.app.registeredRoutes.filter((route) => !NOT_API.includes(named(route)));
    expect(access(registered)).toEqual(access(Object.values(routes)));
  });
});

describe('the response check of the tests', () => {
  const route = defineRoute({
    method: 'GET',
    path: '/api/example',
    access: 'public',
    summary: 'An example',
    response: json<{ count: number }>(z.strictObject({ count: z.number() })),
  });

  async function appAnswering(answer: unknown, check: boolean) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    if (check) registerResponseCheck(app);
    registerRoute(app, route, async () => answer as { count: number });
    await app.ready();
    return app;
  }

  it('lets an answer that matches the schema through', async () => {
    const app = await appAnswering({ count: 2 }, true);
    const response = await app.inject({ method: 'GET', url: '/api/example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
  });

  it('turns an answer that does not match into a 500 naming the route, so the test that caused it fails', async () => {
    for (const wrong of [{ count: '2' }, { count: 2, extra: true }, {}]) {
      const app = await appAnswering(wrong, true);
      const response = await app.inject({ method: 'GET', url: '/api/example' });
      expect(response.statusCode, JSON.stringify(wrong)).toBe(500);
    }
  });

  it('does not check in production: the same answer goes out as the handler built it', async () => {
    const app = await appAnswering({ count: 2, extra: true }, false);
    const response = await app.inject({ method: 'GET', url: '/api/example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2, extra: true });
  });
});
