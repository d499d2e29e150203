import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written as a stream (APPNOTE 6.3.10), for the experts' download of a year's
 * documents (issue 27): every entry stored as it is (method 0, no compression: documents are PDFs
 * and pictures, already compressed), its CRC-32 computed while its bytes pass through and given in
 * a data descriptor after them, ZIP64 where a size or an offset needs it, so files and archives over
 * 4 GiB work. Nothing is buffered but the headers: an entry's bytes go out as its source yields them.
 *
 * Why not yazl or archiver: both compute the CRC-32 in JavaScript (buffer-crc32, crc-32), which ran
 * at 290 and 380–650 MB/s behind the decryption here against 1 100 MB/s with Node's own
 * `zlib.crc32`, and the archive must keep up with a single download (docs/performance.md). The
 * layout is yazl's (data descriptors with their signature, UTF-8 names, Unix modes, the Info-ZIP
 * time field), which common unzip programs read, with one addition: a ZIP64 entry also carries the
 * ZIP64 field in its local header, so a reader that goes through the archive front to back knows its
 * data descriptor holds 8-byte sizes.
 */

export interface ZipEntry {
  /** The path inside the archive ('05 Salary Statement/lohnausweis.pdf'): made safe by the caller. */
  path: string;
  /** The exact number of bytes `open` yields; the archive fails if the source yields another number. */
  size: number;
  modifiedAt: Date;
  /** The entry's bytes, opened only when the archive reaches it (one source open at a time). */
  open(): Promise<Readable>;
}

export interface ZipOptions {
  /** ZIP64 records for every entry and at the end even when no size needs them (tests, and readers that want them). */
  forceZip64?: boolean;
}

/** A source that yielded another number of bytes than its entry announced (the message names no file: it is logged). */
export class ZipEntrySizeError extends Error {}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;

/** A 32-bit field at this value means "see the ZIP64 field". */
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const VERSION_MADE_BY = (3 << 8) | 63; // Unix, APPNOTE 6.3
const VERSION_NEEDED = 20;
const VERSION_NEEDED_ZIP64 = 45;
/** Bit 3: CRC-32 and sizes follow the data; bit 11: the name is UTF-8. */
const FLAGS = (1 << 3) | (1 << 11);
const STORED = 0;
const FILE_MODE = 0o100644;

const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const DESCRIPTOR_BYTES = 16;
const ZIP64_DESCRIPTOR_BYTES = 24;
/** Info-ZIP's extended timestamp (0x5455): the modification time in UTC seconds. */
const TIME_FIELD_BYTES = 9;
/** The ZIP64 field of a local header: both sizes (zero, they follow the data). */
const ZIP64_LOCAL_FIELD_BYTES = 20;
/** The ZIP64 field of a central header: both sizes and the local header's offset. */
const ZIP64_CENTRAL_FIELD_BYTES = 28;
const ZIP64_END_BYTES = 56;
const ZIP64_LOCATOR_BYTES = 20;
const END_BYTES = 22;

interface Placed {
  entry: ZipEntry;
  name: Buffer;
  offset: number;
  zip64: boolean;
  crc: number;
}

interface Layout {
  placed: Placed[];
  directoryOffset: number;
  directoryBytes: number;
  zip64End: boolean;
  totalBytes: number;
}

/** Where every part goes: the sizes are known before a byte is written, so the archive's length is too. */
function layout(entries: ZipEntry[], force: boolean): Layout {
  let offset = 0;
  let directoryBytes = 0;
  const placed = entries.map((entry): Placed => {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new RangeError('a ZIP entry needs its size in bytes');
    const name = Buffer.from(entry.path, 'utf8');
    if (name.length > MAX_16) throw new RangeError('a ZIP entry name is at most 65 535 bytes');
    const zip64 = force || entry.size >= MAX_32 || offset >= MAX_32;
    const at = offset;
    offset += LOCAL_HEADER_BYTES + name.length + TIME_FIELD_BYTES + (zip64 ? ZIP64_LOCAL_FIELD_BYTES : 0);
    offset += entry.size + (zip64 ? ZIP64_DESCRIPTOR_BYTES : DESCRIPTOR_BYTES);
    directoryBytes += CENTRAL_HEADER_BYTES + name.length + TIME_FIELD_BYTES + (zip64 ? ZIP64_CENTRAL_FIELD_BYTES : 0);
    return { entry, name, offset: at, zip64, crc: 0 };
  });
  const zip64End = force || entries.length >= MAX_16 || offset >= MAX_32 || directoryBytes >= MAX_32;
  const totalBytes = offset + directoryBytes + (zip64End ? ZIP64_END_BYTES + ZIP64_LOCATOR_BYTES : 0) + END_BYTES;
  return { placed, directoryOffset: offset, directoryBytes, zip64End, totalBytes };
}

/** MS-DOS date and time (local time, two-second steps), clamped to the years it can hold. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function timeField(date: Date): Buffer {
  const field = Buffer.alloc(TIME_FIELD_BYTES);
  field.writeUInt16LE(0x5455, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(1, 4); // modification time present
  field.writeInt32LE(Math.min(Math.max(Math.floor(date.getTime() / 1000), -0x80000000), 0x7fffffff), 5);
  return field;
}

function localHeader({ entry, name, zip64 }: Placed): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES);
  const { time, date } = dosDateTime(entry.modifiedAt);
  const extra = [timeField(entry.modifiedAt)];
  if (zip64) {
    const field = Buffer.alloc(ZIP64_LOCAL_FIELD_BYTES); // sizes zero: they follow in the data descriptor
    field.writeUInt16LE(0x0001, 0);
    field.writeUInt16LE(16, 2);
    extra.push(field);
  }
  const extraBytes = extra.reduce((sum, field) => sum + field.length, 0);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC-32 and sizes (14–25) stay zero: bit 3 puts them in the data descriptor.
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extraBytes, 28);
  return Buffer.concat([header, name, ...extra]);
}

function dataDescriptor({ entry, zip64, crc }: Placed): Buffer {
  const descriptor = Buffer.alloc(zip64 ? ZIP64_DESCRIPTOR_BYTES : DESCRIPTOR_BYTES);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(entry.size), 8); // stored: compressed size = size
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    descriptor.writeUInt32LE(entry.size, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

function centralHeader({ entry, name, offset, zip64, crc }: Placed): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER_BYTES);
  const { time, date } = dosDateTime(entry.modifiedAt);
  const extra = [timeField(entry.modifiedAt)];
  if (zip64) {
    const field = Buffer.alloc(ZIP64_CENTRAL_FIELD_BYTES);
    field.writeUInt16LE(0x0001, 0);
    field.writeUInt16LE(24, 2);
    field.writeBigUInt64LE(BigInt(entry.size), 4);
    field.writeBigUInt64LE(BigInt(entry.size), 12);
    field.writeBigUInt64LE(BigInt(offset), 20);
    extra.push(field);
  }
  const extraBytes = extra.reduce((sum, field) => sum + field.length, 0);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(STORED, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.size, 20);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extraBytes, 30);
  // comment length, disk number, internal attributes (32–37) stay zero
  header.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(zip64 ? MAX_32 : offset, 42);
  return Buffer.concat([header, name, ...extra]);
}

function endRecords({ placed, directoryOffset, directoryBytes, zip64End }: Layout): Buffer {
  const records: Buffer[] = [];
  if (zip64End) {
    const zip64 = Buffer.alloc(ZIP64_END_BYTES);
    zip64.writeUInt32LE(ZIP64_END, 0);
    zip64.writeBigUInt64LE(BigInt(ZIP64_END_BYTES - 12), 4);
    zip64.writeUInt16LE(VERSION_MADE_BY, 12);
    zip64.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
    // this disk, the directory's disk (16–23) stay zero
    zip64.writeBigUInt64LE(BigInt(placed.length), 24);
    zip64.writeBigUInt64LE(BigInt(placed.length), 32);
    zip64.writeBigUInt64LE(BigInt(directoryBytes), 40);
    zip64.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(ZIP64_LOCATOR_BYTES);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directoryBytes), 8);
    locator.writeUInt32LE(1, 16); // one disk
    records.push(zip64, locator);
  }
  const end = Buffer.alloc(END_BYTES);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(zip64End ? MAX_16 : placed.length, 8);
  end.writeUInt16LE(zip64End ? MAX_16 : placed.length, 10);
  end.writeUInt32LE(zip64End ? MAX_32 : directoryBytes, 12);
  end.writeUInt32LE(zip64End ? MAX_32 : directoryOffset, 16);
  records.push(end);
  return Buffer.concat(records);
}

/**
 * The archive of `entries`, in their order, and its exact length (for Content-Length). Each source is
 * opened when the archive reaches it and read as the reader takes the archive's bytes (back-pressure
 * all the way to the blob store). Destroying the archive (a client that left) ends the source being
 * read; a source that fails, or yields another number of bytes than announced, destroys the archive
 * with that error, so the reader sees a cut archive, never a complete-looking wrong one.
 */
export function zipStream(entries: ZipEntry[], { forceZip64 = false }: ZipOptions = {}): { stream: Readable; length: number } {
  const plan = layout(entries, forceZip64);

  async function* archive(): AsyncGenerator<Buffer> {
    for (const place of plan.placed) {
      yield localHeader(place);
      let crc = 0;
      let size = 0;
      // Leaving this loop for any reason (the archive destroyed, an error) destroys the source.
      for await (const chunk of await place.entry.open()) {
        const bytes = chunk as Buffer;
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (size > place.entry.size) throw new ZipEntrySizeError('a ZIP entry yielded more bytes than its size');
        yield bytes;
      }
      if (size !== place.entry.size) throw new ZipEntrySizeError('a ZIP entry yielded fewer bytes than its size');
      place.crc = crc;
      yield dataDescriptor(place);
    }
    yield Buffer.concat([...plan.placed.map(centralHeader), endRecords(plan)]);
  }

  return { stream: Readable.from(archive(), { objectMode: false }), length: plan.totalBytes };
}
