import Fastify from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/temporary-directory.js';
import { registerWebApp } from './web-app.js';

describe('web app serving', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serve() {
    const dist = temporaryDirectory('taxli-dist');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Taxli</title>');
    mkdirSync(join(dist, 'cantons'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-abcdefgh.js'), 'console.log(1)');
    writeFileSync(join(dist, 'cantons', 'zh.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = Fastify();
    apps.push(app);
    await registerWebApp(app, dist);
    return app;
  }

  it('answers a page whose path is also a folder of the build (/cantons) with the app, and the folder’s files as files', async () => {
    const app = await serve();
    const page = await app.inject({ method: 'GET', url: '/cantons' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Taxli</title>');
    expect((await app.inject({ method: 'GET', url: '/cantons/' })).body).toContain('<title>Taxli</title>');
    const shield = await app.inject({ method: 'GET', url: '/cantons/zh.svg' });
    expect(shield.statusCode).toBe(200);
    expect(shield.body).toContain('<svg');
    expect((await app.inject({ method: 'GET', url: '/tax-card-demo?year=2025' })).body).toContain('<title>Taxli</title>');
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('answers an unknown file under /assets/ (a source map, a stale chunk) with 404, not the app', async () => {
    const app = await serve();
    expect((await app.inject({ method: 'GET', url: '/assets/index-abcdefgh.js' })).statusCode).toBe(200);
    for (const url of ['/assets/index-abcdefgh.js.map', '/assets/gone-12345678.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });
});
