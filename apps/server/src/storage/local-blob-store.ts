import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';

const SAFE_KEY = /^[A-Za-z0-9_-]{16,128}$/;
const PARTIAL = '.partial';

/** What a blob's write does with an open file (a FileHandle's methods). */
export interface WritableFile {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The calls by which a blob reaches the disk. Node's own by default; the storage-fault tests pass
 * calls that fail at a chosen point (open, a byte of the write, fsync, rename) with a real errno.
 */
export interface DiskCalls {
  open(path: string, flags: string, mode?: number): Promise<WritableFile>;
  rename(from: string, to: string): Promise<void>;
}

const NODE_DISK_CALLS: DiskCalls = { open, rename };

/** Each entry of the directory, read as it goes (a directory of many blobs is never held whole). */
async function* entryNames(directory: string): AsyncIterable<string> {
  for await (const entry of await opendir(directory)) if (entry.isFile()) yield entry.name;
}

/** When the file was last written; undefined when it is gone meanwhile (deleted by an upload's own clean-up). */
async function modifiedAt(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeAll(handle: WritableFile, chunk: Uint8Array): Promise<void> {
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
async function writeDurably(disk: DiskCalls, path: string, body: Readable): Promise<void> {
  const handle = await disk.open(path, 'wx', 0o600);
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
export async function createLocalBlobStore(directory: string, disk: DiskCalls = NODE_DISK_CALLS): Promise<BlobStore> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const pathOf = (key: string): string => {
    if (!SAFE_KEY.test(key)) throw new Error('invalid blob key');
    return join(directory, key);
  };

  async function syncDirectory(): Promise<void> {
    const handle = await disk.open(directory, 'r');
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
      let written = temporary;
      try {
        await writeDurably(disk, temporary, body);
        await disk.rename(temporary, finalPath);
        written = finalPath; // a failed directory fsync must not leave the blob visible either
        await syncDirectory();
      } catch (error) {
        // The write's own error is the answer; a file that cannot be removed now (a read-only
        // disk) is removed by the blob sweep once it can be (a partial file, or a blob no row names).
        await rm(written, { force: true }).catch(() => undefined);
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
    async *list() {
      for await (const name of entryNames(directory)) {
        if (!SAFE_KEY.test(name)) continue; // a `.partial` file, or nothing of ours
        const at = await modifiedAt(join(directory, name));
        if (at) yield { key: name, modifiedAt: at };
      }
    },
    /**
     * A `.partial` file is written while an upload runs; a crash (or a kill) between creating and
     * renaming it leaves it for good: encrypted bytes whose data key was never recorded.
     */
    async removeIncompleteWrites(before) {
      let removed = 0;
      for await (const name of entryNames(directory)) {
        if (!name.endsWith(PARTIAL)) continue;
        const path = join(directory, name);
        const at = await modifiedAt(path);
        if (at && at < before) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async check() {
      // A file written, flushed and removed as an upload's would be: whether the process may write
      // here is the permissions' and the mount's, and a folder may be writable with no inode or
      // block left. Named as a partial file, so the blob sweep removes one that a crash left.
      const probe = join(directory, `health-${randomBytes(8).toString('hex')}${PARTIAL}`);
      try {
        await writeDurably(disk, probe, Readable.from([Buffer.from('taxli health probe')]));
      } finally {
        await rm(probe, { force: true }).catch(() => undefined);
      }
    },
    async freeSpace() {
      const space = await statfs(directory);
      // A file system without a fixed number of inodes (btrfs) reports none at all, not none left.
      return { bytes: space.bavail * space.bsize, inodes: space.files > 0 ? space.ffree : undefined };
    },
  };
}
