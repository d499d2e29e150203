import { connect, type Socket } from 'node:net';

/** A request written by hand on its own connection, so a test can send part of a body, stall or vanish. */
export interface OpenRequest {
  socket: Socket;
  /** Sends more of the body. */
  write(bytes: Buffer | string): void;
  /** Closes the connection from the client's side, as a closed tab or a lost network does. */
  abort(): void;
  /** Resolves once the connection is closed (by either side), with the status the server answered, if any. */
  closed: Promise<{ status: number | undefined }>;
}

/** Opens a connection to 127.0.0.1:`port`, sends the request line, `headers` and the first bytes of the body. */
export function openRequest(
  port: number,
  { method = 'POST', path, headers, body = Buffer.alloc(0) }: { method?: string; path: string; headers: Record<string, string | number>; body?: Buffer | string },
): OpenRequest {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined); // a reset is one of the outcomes the tests look at
  const closed = new Promise<{ status: number | undefined }>((resolve) =>
    socket.once('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve({ status: status ? Number(status) : undefined });
    }),
  );
  const head = [`${method} ${path} HTTP/1.1`, 'host: localhost', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  if (body.length > 0) socket.write(body);
  return {
    socket,
    write: (bytes) => void socket.write(bytes),
    abort: () => socket.resetAndDestroy(),
    closed,
  };
}
