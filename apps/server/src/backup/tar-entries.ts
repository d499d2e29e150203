import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar, { type Pack } from 'tar-stream';

/** Adds a file to the archive; resolves once the reader has taken it (the back-pressure). */
export function addEntry(pack: Pack, name: string, content: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, mode: 0o600 }, typeof content === 'string' ? Buffer.from(content) : content, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

/** No entry this project writes comes near it (a blob is about 50 MB at most): anything larger is not ours. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

/** An archive that is not gzip, not tar, or ends early. */
export class DamagedArchiveError extends Error {}

/**
 * The entries of a gzip-compressed tar archive, one at a time, each read whole. A damaged or cut
 * archive throws DamagedArchiveError (gzip checks its length and CRC at the end).
 */
export async function* archiveEntries(source: Readable): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const piping = pipeline(source, createGunzip(), extract);
  // Its failure also fails the iteration below; it is awaited at the end for failures after the last entry.
  piping.catch(() => undefined);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') throw new DamagedArchiveError(`it holds something other than files: ${entry.header.name}`);
      if ((entry.header.size ?? 0) > MAX_ENTRY_BYTES) throw new DamagedArchiveError(`its entry ${entry.header.name} is too large`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      yield { name: entry.header.name, data: Buffer.concat(chunks) };
    }
    await piping;
  } catch (error) {
    // Only the archive's own reading fails here: the consumer's failures end the loop through return().
    throw new DamagedArchiveError(`The archive is damaged or cut short: ${(error as Error).message}.`);
  } finally {
    source.destroy();
  }
}
