import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/** Short enough for a test; the same mechanism as the production limits. */
const timeouts = { connectMs: 1_000, idleMs: 300 };
const credentials = { accessKeyId: 'TEST', secretAccessKey: 'TEST' };

let servers: (TcpServer | HttpServer)[] = [];
let sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
  sockets = [];
});

async function listen(server: TcpServer | HttpServer): Promise<BlobStore> {
  servers.push(server);
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return createS3BlobStore({ bucket: 'taxli', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials, timeouts });
}

/** Takes every connection and never says a word. */
const silentEndpoint = () => listen(createTcpServer(() => {}));

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

// Without a limit on silence these calls never settle and the test runs into vitest's time-out.
describe('an S3 endpoint that goes silent', () => {
  it('fails a download that gets no answer', async () => {
    const store = await silentEndpoint();
    await expect(store.get('some-key')).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('fails an upload that gets no answer', async () => {
    const store = await silentEndpoint();
    await expect(store.put('some-key', Readable.from([Buffer.from('salary certificate')]))).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('fails a download whose bytes stop coming half-way', async () => {
    const store = await listen(
      createHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000' });
        response.write(Buffer.alloc(100)); // and nothing more
      }),
    );
    const body = await store.get('some-key');
    await expect(drain(body)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('still takes a slow answer that keeps sending', async () => {
    // Silence is limited, not the whole request: ten pieces, 100 ms apart, over a second.
    const store = await listen(
      createHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000' });
        let sent = 0;
        const timer = setInterval(() => {
          response.write(Buffer.alloc(100));
          if (++sent === 10) {
            clearInterval(timer);
            response.end();
          }
        }, 100);
      }),
    );
    expect(await drain(await store.get('some-key'))).toBe(1000);
  });
});
