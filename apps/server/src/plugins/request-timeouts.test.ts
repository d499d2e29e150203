import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@taxli/domain';
import { TEST_ORIGIN, useTestApp } from '../test/build-test-app.js';
import { signIn } from '../test/auth-helpers.js';
import { streamedUpload } from '../test/multipart.js';
import { openRequest } from '../test/raw-http.js';

const IDLE_MS = 600;
const levels = (logs: string[]) => logs.map((line) => JSON.parse(line) as { level: number; msg: string; error?: { type?: string } });

describe('request time-outs and client aborts', () => {
  const ctx = useTestApp('pglite', { bodyIdleTimeoutMs: IDLE_MS });

  async function listen(): Promise<number> {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return (ctx.app.server.address() as AddressInfo).port;
  }

  it('cuts a JSON body that stops sending after the idle limit, logs it at info, and answers the next request', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const port = await listen();
    const stalled = openRequest(port, {
      method: 'PUT',
      path: '/api/user/profile',
      headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': 'application/json', 'content-length': 200 },
      body: '{"firstName":"An',
    });
    expect(await stalled.closed).toEqual({ status: undefined });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(levels(ctx.logs).filter((line) => line.msg === 'request body stalled: connection closed').map((line) => line.level)).toEqual([30]);
  });

  it('sets the whole-request and header limits on the server: a slow 50 MB upload has half an hour', () => {
    expect(ctx.app.server.requestTimeout).toBe(30 * 60_000);
    expect(ctx.app.server.headersTimeout).toBe(60_000);
    // 50 MB in the whole-request limit is about 0.23 Mbit/s: any line in use today does it.
    expect((MAX_UPLOAD_BYTES * 8) / (ctx.app.server.requestTimeout / 1000) / 1e6).toBeLessThan(0.25);
  });

  it('logs clients that go away mid-body at info: no error line, no TypeError, on upload and JSON routes', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const port = await listen();
    ctx.logs.length = 0;
    const upload = streamedUpload(
      [
        { name: 'categoryId', value: '5' },
        { name: 'taxYear', value: '2025' },
        { name: 'hashes[]', value: 'a'.repeat(64) },
        { name: 'files', filename: 'a.pdf', data: Buffer.alloc(0) },
      ],
      2 * 1024 * 1024,
    );
    const requests = [
      { path: '/api/files/upload', type: upload.contentType, length: upload.contentLength, cookie: anna.cookie, body: Buffer.concat([upload.opening, Buffer.alloc(512 * 1024, 0x41)]) },
      { path: '/api/upload', type: upload.contentType, length: upload.contentLength, cookie: anna.cookie, body: upload.opening },
      { path: '/api/send-message', type: 'application/json', length: 300, cookie: anna.cookie, body: Buffer.from('{"message":"Grüezi') },
      { path: '/api/auth/request-code', type: 'application/json', length: 300, cookie: '', body: Buffer.from('{"email":"an') },
    ];
    // Each kind of request, abandoned at once and after a few milliseconds, many times over.
    const abandoned: Promise<unknown>[] = [];
    for (let round = 0; round < 12; round++) {
      for (const { path, type, length, cookie, body } of requests) {
        const request = openRequest(port, {
          path,
          headers: { origin: TEST_ORIGIN, 'content-type': type, 'content-length': length, ...(cookie ? { cookie } : {}) },
          body,
        });
        const delay = round % 4 === 0 ? 0 : round * 3;
        if (delay === 0) request.abort();
        else setTimeout(() => request.abort(), delay);
        abandoned.push(request.closed);
      }
    }
    await Promise.all(abandoned);
    await vi.waitFor(() => expect(ctx.app.services.files.uploadsRunning(anna.user.id)).toBe(0), { timeout: 10_000 });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const lines = levels(ctx.logs);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(ctx.logs.join('\n')).not.toContain('TypeError');
    expect(lines.some((line) => line.level === 30 && line.msg === 'client closed the connection before the answer')).toBe(true);
  });
});

describe('answers sent before the body was read close the connection', () => {
  // The idle limit of a real server (30 s in the tests): it must not be what closes the connection.
  const ctx = useTestApp('pglite');

  async function listen(): Promise<number> {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return (ctx.app.server.address() as AddressInfo).port;
  }

  const upload = streamedUpload(
    [
      { name: 'categoryId', value: '5' },
      { name: 'taxYear', value: '2025' },
      { name: 'hashes[]', value: 'a'.repeat(64) },
      { name: 'files', filename: 'a.pdf', data: Buffer.alloc(0) },
    ],
    MAX_UPLOAD_BYTES - 1024 * 1024,
  );
  const refusals = [
    { why: '401, not signed in', status: 401, origin: TEST_ORIGIN, cookie: undefined },
    { why: '403, a state-changing request from another site', status: 403, origin: 'https://attacker.example', cookie: 'signed-in' },
  ];

  it.each(refusals)('$why: the answer says Connection: close, and the server ends the connection although the client sent only the start of a 49 MB body', async ({ status, origin, cookie }) => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const port = await listen();
    let answer = '';
    const request = openRequest(port, {
      path: '/api/files/upload',
      headers: { origin, 'content-type': upload.contentType, 'content-length': upload.contentLength, ...(cookie ? { cookie: anna.cookie } : {}) },
      body: upload.opening,
    });
    request.socket.on('data', (chunk: string) => (answer += chunk));
    // Resolves on the socket's 'close' event: before the fix it stayed open until the keep-alive time-out.
    expect(await request.closed).toEqual({ status });
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('ends the connection of a client that goes on sending its large body after the 401', async () => {
    const port = await listen();
    const request = openRequest(port, {
      path: '/api/files/upload',
      headers: { origin: TEST_ORIGIN, 'content-type': upload.contentType, 'content-length': upload.contentLength },
      body: upload.opening,
    });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = upload.opening.length;
    const sending = setInterval(() => {
      if (request.socket.destroyed || sent + chunk.length > upload.contentLength) return;
      request.write(chunk);
      sent += chunk.length;
    }, 5);
    try {
      // The 'close' event: before the fix the server read the whole body and kept the connection.
      await request.closed;
    } finally {
      clearInterval(sending);
    }
  });
});
