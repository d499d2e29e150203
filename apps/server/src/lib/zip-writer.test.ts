import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hasUnzipProgram, unzip, unzipTest } from '../test/unzip.js';
import { zipStream, ZipEntrySizeError, type ZipEntry } from './zip-writer.js';

// The streamed ZIP writer of the experts' download (issue 27): read back by yauzl and Info-ZIP.

const AT = new Date('2026-03-15T10:00:00Z');

/** An entry whose source yields `data` in pieces of `piece` bytes, and records whether it was opened and ended. */
function entry(path: string, data: Buffer, piece = 7000) {
  const seen = { opened: false, destroyed: false };
  const zipEntry: ZipEntry = {
    path,
    size: data.length,
    modifiedAt: AT,
    async open() {
      seen.opened = true;
      const source = Readable.from((function* () {
        for (let at = 0; at < data.length; at += piece) yield data.subarray(at, at + piece);
      })(), { objectMode: false });
      source.once('close', () => (seen.destroyed = true));
      return source;
    },
  };
  return { zipEntry, seen };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const contains = (archive: Buffer, signature: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(signature);
  return archive.includes(bytes);
};

describe('zipStream', () => {
  const files = {
    '05 Salary Statement/Lohnausweis 2025.pdf': Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(150_000)]),
    '01 Bank Documents/Kontoauszug (v2).pdf': randomBytes(1),
    '01 Bank Documents/Zürich Bank – Déclaration.pdf': randomBytes(3000),
    '01 Bank Documents/empty.txt': Buffer.alloc(0),
  };

  it('stores every entry as it is, with its CRC-32 and its UTF-8 name, in an archive of exactly the announced length', async () => {
    const { stream, length } = zipStream(Object.entries(files).map(([path, data]) => entry(path, data).zipEntry));
    const archive = await collect(stream);
    expect(archive.length).toBe(length);
    const entries = await unzip(archive);
    expect(entries.map((e) => e.name)).toEqual(Object.keys(files));
    for (const read of entries) {
      expect(read.data.equals(files[read.name as keyof typeof files])).toBe(true);
      expect(read.statedCrc32).toBe(read.actualCrc32);
      expect(read.compressionMethod).toBe(0); // stored
      expect(read.flags & 0x0800).toBe(0x0800); // UTF-8 name
      expect(read.flags & 0x0008).toBe(0x0008); // sizes and CRC after the data
      expect(read.extraIds).not.toContain(0x0001); // small archive: no ZIP64
    }
    expect(contains(archive, 0x06064b50)).toBe(false);
  });

  it.skipIf(!hasUnzipProgram)("passes Info-ZIP's integrity test (every CRC-32 checked)", async () => {
    const archive = await collect(zipStream(Object.entries(files).map(([path, data]) => entry(path, data).zipEntry)).stream);
    const { status, output } = unzipTest(archive);
    expect(output).toContain('No errors detected');
    expect(status).toBe(0);
  });

  it('writes ZIP64 records when asked: the entries, their data descriptors and the end of the archive', async () => {
    const { stream, length } = zipStream(
      Object.entries(files).map(([path, data]) => entry(path, data).zipEntry),
      { forceZip64: true },
    );
    const archive = await collect(stream);
    expect(archive.length).toBe(length);
    expect(contains(archive, 0x06064b50)).toBe(true); // ZIP64 end of central directory
    expect(contains(archive, 0x07064b50)).toBe(true); // its locator
    const entries = await unzip(archive);
    expect(entries).toHaveLength(4);
    for (const read of entries) {
      expect(read.data.equals(files[read.name as keyof typeof files])).toBe(true);
      expect(read.statedCrc32).toBe(read.actualCrc32);
      expect(read.versionNeeded).toBe(45);
      expect(read.extraIds).toContain(0x0001);
      expect(read.localExtraIds).toContain(0x0001); // so a front-to-back reader knows the descriptor's 8-byte sizes
    }
    if (hasUnzipProgram) expect(unzipTest(archive).status).toBe(0);
  });

  it('switches to ZIP64 by itself for an entry of 4 GiB or more (planned before its first byte)', async () => {
    const huge = 2 ** 32 + 5;
    let sourceClosed = false;
    const { stream, length } = zipStream([
      {
        path: 'big.bin',
        size: huge,
        modifiedAt: AT,
        async open() {
          const source = Readable.from((function* () {
            for (;;) yield Buffer.alloc(64 * 1024);
          })(), { objectMode: false });
          source.once('close', () => (sourceClosed = true));
          return source;
        },
      },
    ]);
    // local header with the ZIP64 field (30 + 7 + 9 + 20), the data, the ZIP64 data descriptor (24),
    // the central header with the ZIP64 field (46 + 7 + 9 + 28), the ZIP64 end records (56 + 20) and the end (22)
    expect(length).toBe(66 + huge + 24 + 90 + 76 + 22);
    const reader = stream[Symbol.asyncIterator]();
    const header = (await reader.next()).value as Buffer;
    expect(header.readUInt32LE(0)).toBe(0x04034b50);
    expect(header.readUInt16LE(4)).toBe(45);
    expect(header.readUInt16LE(30 + 7 + 9)).toBe(0x0001);
    await reader.next(); // the first bytes of the entry
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sourceClosed).toBe(true);
  });

  it('opens each source only when the archive reaches it', async () => {
    const first = entry('a.pdf', randomBytes(100_000));
    const second = entry('b.pdf', randomBytes(10));
    const { stream } = zipStream([first.zipEntry, second.zipEntry]);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.next();
    expect(first.seen.opened).toBe(true);
    expect(second.seen.opened).toBe(false);
    stream.destroy();
  });

  it('ends the source being read when the archive is destroyed (a client that left)', async () => {
    const first = entry('a.pdf', randomBytes(500_000), 1000);
    const { stream } = zipStream([first.zipEntry, entry('b.pdf', randomBytes(10)).zipEntry]);
    const reader = stream[Symbol.asyncIterator]();
    for (let i = 0; i < 5; i++) await reader.next();
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(first.seen.destroyed).toBe(true);
  });

  it('fails the archive, never finishing it, when a source fails mid-way', async () => {
    const broken: ZipEntry = {
      path: 'broken.pdf',
      size: 10_000,
      modifiedAt: AT,
      async open() {
        return Readable.from((async function* () {
          yield Buffer.alloc(5000);
          throw new Error('blob unreadable');
        })(), { objectMode: false });
      },
    };
    const { stream } = zipStream([entry('a.pdf', randomBytes(100)).zipEntry, broken]);
    await expect(collect(stream)).rejects.toThrow('blob unreadable');
  });

  it('fails the archive when a source yields another number of bytes than announced', async () => {
    const short = entry('short.pdf', randomBytes(100)).zipEntry;
    await expect(collect(zipStream([{ ...short, size: 101 }]).stream)).rejects.toBeInstanceOf(ZipEntrySizeError);
    const long = entry('long.pdf', randomBytes(100)).zipEntry;
    await expect(collect(zipStream([{ ...long, size: 99 }]).stream)).rejects.toBeInstanceOf(ZipEntrySizeError);
  });

  it('writes a valid empty archive', async () => {
    const { stream, length } = zipStream([]);
    const archive = await collect(stream);
    expect(archive.length).toBe(length);
    expect(await unzip(archive)).toEqual([]);
  });
});
