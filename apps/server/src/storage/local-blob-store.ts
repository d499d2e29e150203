import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';

const SAFE_KEY = /^[A-Za-z0-9_-]{16,128}$/;
const PARTIAL = '.partial';
/** A temporary file this old belongs to no upload still running (uploads time out long before). */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * Removes what an interrupted write left behind (a crash between creating and renaming a blob):
 * encrypted bytes whose data key was never recorded, so nobody could read them anyway.
 */
async function removeStalePartials(directory: string, now: number): Promise<void> {
  for (const name of await readdir(directory)) {
    if (!name.endsWith(PARTIAL)) continue;
    const path = join(directory, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > STALE_PARTIAL_MS) await rm(path, { force: true });
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let offset = 0; offset < chunk.length; ) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    if (bytesWritten === 0) throw new Error('the disk accepted no bytes');
    offset += bytesWritten;
  }
}

/**
 * Writes `body` to a new file and fsyncs it. Each piece is written as it comes, one at a time (which
 * is also the back-pressure): measured with `npm run bench`, this writes encrypted uploads about
 * twice as fast as a WriteStream, which gathers the encryptor's frame pieces into writev calls.
 */
async function writeDurably(path: string, body: Readable): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    for await (const chunk of body) await writeAll(handle, chunk as Uint8Array);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Blobs as files in one directory. A blob is written under a temporary name, flushed to disk,
 * renamed into place and the directory flushed: a crash at any moment leaves either no file under
 * the key or the whole file, never half of one.
 */
export async function createLocalBlobStore(directory: string, now = Date.now()): Promise<BlobStore> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await removeStalePartials(directory, now);
  const pathOf = (key: string): string => {
    if (!SAFE_KEY.test(key)) throw new Error('invalid blob key');
    return join(directory, key);
  };

  async function syncDirectory(): Promise<void> {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    kind: 'local',
    async put(key, body) {
      const finalPath = pathOf(key);
      const temporary = `${finalPath}${PARTIAL}`;
      try {
        await writeDurably(temporary, body);
        await rename(temporary, finalPath);
        await syncDirectory();
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const stream = createReadStream(pathOf(key));
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new BlobNotFoundError(key) : error),
        );
      });
      return stream as Readable;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
