import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Who holds a DATA_DIR: the server, or a backup or restore command working without one. */
export type Holder = 'server' | 'backup' | 'restore';

/**
 * The Unix socket in DATA_DIR that the running server answers backups on. It is also the DATA_DIR's
 * lock: PGlite has none of its own, and two processes opening one embedded database corrupt it.
 * The socket file is 0600 in the 0700 DATA_DIR, so only the server's own user can connect: file
 * permissions are the authentication, and nothing is reachable from the network.
 */
export function socketPath(dataDir: string): string {
  return join(dataDir, 'backup.sock');
}

export class DataDirBusyError extends Error {
  constructor(
    readonly holder: Holder,
    dataDir: string,
  ) {
    super(
      holder === 'server'
        ? `A Taxli server is running on ${dataDir}: stop it first.`
        : `A ${holder} is running on ${dataDir}: wait until it ends.`,
    );
  }
}

/** What a connection hears first: the holder's name, so a client knows whom it reached. */
const greeting = (holder: Holder): string => `taxli ${holder}\n`;

export interface Connection {
  holder: Holder;
  socket: Socket;
}

/**
 * Connects to the DATA_DIR's socket and reads the greeting. undefined when nobody listens: no socket
 * file, or one left behind by a process that died (connecting to it is refused).
 */
export async function connectToHolder(dataDir: string): Promise<Connection | undefined> {
  const socket = createConnection(socketPath(dataDir));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  const line = await readLine(socket);
  const holder = /^taxli (server|backup|restore)$/.exec(line)?.[1] as Holder | undefined;
  if (!holder) {
    socket.destroy();
    throw new Error(`${socketPath(dataDir)} answered something other than Taxli`);
  }
  return { holder, socket };
}

/** One line of text from the socket (the bytes after it are put back for the next reader). */
export async function readLine(socket: Socket, limit = 200): Promise<string> {
  let buffered = Buffer.alloc(0);
  for (;;) {
    const chunk = socket.read() as Buffer | null;
    if (chunk === null) {
      if (socket.readableEnded || socket.destroyed) throw new Error('the socket closed before a whole line');
      await new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          for (const event of ['readable', 'end', 'close', 'error']) socket.off(event, settle);
          if (error instanceof Error) reject(error);
          else resolve();
        };
        for (const event of ['readable', 'end', 'close', 'error']) socket.once(event, settle);
      });
      continue;
    }
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf(10);
    if (end >= 0) {
      if (end + 1 < buffered.length) socket.unshift(buffered.subarray(end + 1));
      return buffered.subarray(0, end).toString('utf8');
    }
    if (buffered.length > limit) throw new Error('the socket sent no line');
  }
}

export interface DataDirClaim {
  /** Handles the connections from now on (the greeting is sent already); until then they only hear who holds the DATA_DIR. */
  serve(handler: (socket: Socket) => void): void;
  /** Stops listening and removes the socket file. */
  close(): Promise<void>;
}

/**
 * Takes the DATA_DIR: listens on its socket, or throws DataDirBusyError naming the process that
 * already does. A socket file nobody answers is what a crashed process left: it is replaced. (Two
 * processes replacing the same stale file at the same instant could both win; that needs a crash
 * first and two starts within milliseconds, and is accepted.)
 */
export async function claimDataDir(dataDir: string, holder: Holder): Promise<DataDirClaim> {
  const path = socketPath(dataDir);
  let handler: ((socket: Socket) => void) | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.write(greeting(holder));
    if (handler) handler(socket);
    else socket.end();
  });

  if (!(await listen(server, path))) {
    const other = await connectToHolder(dataDir);
    if (other) {
      other.socket.destroy();
      throw new DataDirBusyError(other.holder, dataDir);
    }
    await rm(path, { force: true });
    if (!(await listen(server, path))) throw new Error(`${path} is taken`);
  }
  await chmod(path, 0o600);

  return {
    serve(next) {
      handler = next;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/** What Linux allows for a Unix socket's path (sun_path holds 108 bytes with the final zero). */
const MAX_SOCKET_PATH = 107;

/** false when the path is taken (a socket file exists); other failures throw. */
function listen(server: Server, path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else if (error.code === 'EINVAL' && Buffer.byteLength(path) > MAX_SOCKET_PATH) {
        reject(new Error(`DATA_DIR's path is too long for its socket ${path} (at most ${MAX_SOCKET_PATH} bytes): choose a shorter DATA_DIR.`));
      } else reject(error);
    };
    const listening = () => {
      server.off('error', failed);
      resolve(true);
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(path);
  });
}
