import { connect, createServer, type Socket } from 'node:net';

export interface SilenceableProxy {
  port: number;
  /** From now on nothing passes either way, and new connections are taken but never answered: a network partition as a client sees it. */
  silence(): void;
  /** The partition ends: connections held through it are cut (their bytes were lost), new ones pass again. */
  heal(): void;
  close(): Promise<void>;
}

/** A TCP proxy on loopback in front of `target`, which a test can make go silent. */
export async function startSilenceableProxy(target: { host: string; port: number }): Promise<SilenceableProxy> {
  let silent = false;
  const held = new Set<Socket>();
  const hold = (socket: Socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    hold(client);
    if (silent) return; // taken, never answered
    const upstream = connect(target.port, target.host);
    hold(upstream);
    const pass = (from: Socket, to: Socket) => from.on('data', (bytes) => silent || to.write(bytes));
    pass(client, upstream);
    pass(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    silence: () => void (silent = true),
    heal() {
      silent = false;
      for (const socket of held) socket.destroy();
    },
    async close() {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
