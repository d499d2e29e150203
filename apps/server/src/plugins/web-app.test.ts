import Fastify from 'fastify';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    return Object.assign(app, { distDir: dist });
  }

  it('answers a page whose path is also a folder of the build (/cantons) with the app, and the folder’s files as files', async () => {
    const app = await serve();
    const page = await app.inject({ method: 'GET', url: '/cantons' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Taxli</title>');
    expect((await app.inject({ method: 'GET', url: '/cantons/' })).body).toContain('<title>Taxli</title>');
    const shield = await app.inject({ method: 'GET', url: '/cantons/zh.svg' });
    expect(shield.statusCode).toBe(200);
    expect(shield.headers['cache-control']).toBe('public, max-age=86400');
    expect(page.headers['cache-control']).toBe('no-cache');
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

  it('sends the build’s pre-compressed copy the browser accepts, with the hashed file’s long cache, and the plain file otherwise', async () => {
    const app = await serve();
    const dist = (app as unknown as { distDir: string }).distDir;
    const script = 'console.log("a chunk long enough to be worth compressing");'.repeat(40);
    writeFileSync(join(dist, 'assets', 'page-12345678.js'), script);
    writeFileSync(join(dist, 'assets', 'page-12345678.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'page-12345678.js.gz'), gzipSync(script));

    const br = await app.inject({ method: 'GET', url: '/assets/page-12345678.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ method: 'GET', url: '/assets/page-12345678.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/page-12345678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('the web app’s own files (apps/web/public)', () => {
  const publicDir = join(import.meta.dirname, '../../../web/public');

  it('serves a real robots.txt and favicon.ico, not the app’s HTML', async () => {
    const dist = temporaryDirectory('taxli-dist');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Taxli</title>');
    for (const file of ['robots.txt', 'favicon.ico']) writeFileSync(join(dist, file), readFileSync(join(publicDir, file)));
    const app = Fastify();
    await registerWebApp(app, dist);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Disallow: \/$/m);
    expect(robots.headers['cache-control']).toBe('no-cache');
    const favicon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    // An image keeps for a day, so a page drawing the logo again does not ask for it again.
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
    expect(favicon.headers['content-type']).toMatch(/icon/);
    // An ICO file: reserved 0, type 1 (icon), one image.
    expect([...favicon.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    await app.close();
  });
});
