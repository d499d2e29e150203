import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { temporaryDirectory } from './temporary-directory.js';

/** Reading ZIP archives the server wrote, as an unzip program does: yauzl (central directory), and Info-ZIP's `unzip -t`. */

export interface UnzippedEntry {
  name: string;
  data: Buffer;
  /** The CRC-32 the central directory states, and the one of the bytes read. */
  statedCrc32: number;
  actualCrc32: number;
  compressionMethod: number;
  versionNeeded: number;
  flags: number;
  /** Ids of the extra fields of the central header and of the local header (0x0001: ZIP64). */
  extraIds: number[];
  localExtraIds: number[];
}

const promised = <T>(run: (done: (error: Error | null, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/** The ids of the extra fields in a raw extra block. */
function extraIdsOf(raw: Buffer): number[] {
  const ids: number[] = [];
  for (let at = 0; at + 4 <= raw.length; at += 4 + raw.readUInt16LE(at + 2)) ids.push(raw.readUInt16LE(at));
  return ids;
}

async function readEntry(zip: ZipFile, entry: Entry): Promise<UnzippedEntry> {
  const local = await promised<{ extraField: Buffer }>((done) => zip.readLocalFileHeader(entry, done));
  const stream = await promised<NodeJS.ReadableStream>((done) => zip.openReadStream(entry, done));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  return {
    name: entry.fileName,
    data,
    statedCrc32: entry.crc32,
    actualCrc32: crc32(data),
    compressionMethod: entry.compressionMethod,
    versionNeeded: entry.versionNeededToExtract,
    flags: entry.generalPurposeBitFlag,
    extraIds: entry.extraFields.map((field) => field.id),
    localExtraIds: extraIdsOf(local.extraField),
  };
}

/** Every entry of `archive`, in order, with its bytes (yauzl checks each size against the directory). */
export async function unzip(archive: Buffer): Promise<UnzippedEntry[]> {
  const zip = await promised<ZipFile>((done) => yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true }, done));
  const entries: UnzippedEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      readEntry(zip, entry).then((read) => {
        entries.push(read);
        zip.readEntry();
      }, reject);
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** Whether Info-ZIP's unzip is installed here (it is on Debian with `unzip`). */
export const hasUnzipProgram = spawnSync('unzip', ['-v']).status === 0;

/** `unzip -t`: tests every entry's CRC-32; answers its exit status and output. */
export function unzipTest(archive: Buffer): { status: number | null; output: string } {
  const file = join(temporaryDirectory('taxli-zip-test'), 'archive.zip');
  writeFileSync(file, archive);
  const run = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
