import { crc32, deflateSync } from 'node:zlib';

/**
 * Minimal but well-formed files of every type the uploads accept (DECISIONS D7), built here so the
 * tests need no binary fixtures: each has the structure a desktop program would look for.
 */

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
};
const u32be = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
};

/** A ZIP of stored (uncompressed) entries, in order, with its central directory. */
export function zipOf(entries: [name: string, content: string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const common = Buffer.concat([u16(20), u16(0), u16(0), u16(0), u16(0x21), u32(crc32(data)), u32(data.length), u32(data.length), u16(fileName.length)]);
    const local = Buffer.concat([u32(0x04034b50), common, u16(0), fileName, data]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u16(0), u32(0), u32(offset), fileName]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(directory.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${main}"/></Types>`;
const RELS = (part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`;

const docx = () =>
  zipOf([
    ['[Content_Types].xml', CONTENT_TYPES('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'word/document.xml')],
    ['_rels/.rels', RELS('word/document.xml')],
    ['word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Lohnausweis</w:t></w:r></w:p></w:body></w:document>'],
  ]);

const xlsx = () =>
  zipOf([
    ['[Content_Types].xml', CONTENT_TYPES('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xl/workbook.xml')],
    ['_rels/.rels', RELS('xl/workbook.xml')],
    ['xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>'],
  ]);

const odf = (mimetype: string) =>
  zipOf([
    ['mimetype', mimetype],
    [
      'META-INF/manifest.xml',
      `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/></manifest:manifest>`,
    ],
    ['content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'],
  ]);

const pngChunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
};
/** A 1×1 grey PNG. */
const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.concat([u32be(1), u32be(1), Buffer.from([8, 0, 0, 0, 0])])),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);

/** JFIF markers around an empty image: start, APP0, end. */
const jpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9])]);

/** An ISO base media file with its `ftyp` box (brand `heic` or `mif1`) and an empty `meta` box. */
const heif = (brand: string) => {
  const ftyp = Buffer.concat([u32be(24), Buffer.from(`ftyp${brand}`, 'latin1'), u32be(0), Buffer.from(`mif1${brand}`, 'latin1')]);
  return Buffer.concat([ftyp, u32be(12), Buffer.from('meta', 'latin1'), u32be(0)]);
};

/** A lossless 1×1 WebP (RIFF, VP8L). */
const webp = () => {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), u32(vp8l.length), vp8l]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32(4 + chunk.length), Buffer.from('WEBP', 'latin1'), chunk]);
};

/** A little-endian TIFF header pointing at an IFD with no entries. */
const tiff = () => Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), u32(8), u16(0), u32(0)]);

/** A Compound File header (the container of .doc and .xls), padded to its 512-byte sector. */
const compoundFile = () => {
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  return header;
};

export const samplePdf = () => Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** One sample per accepted extension. */
export const ACCEPTED_SAMPLES: Record<string, () => Buffer> = {
  '.pdf': samplePdf,
  '.jpg': jpeg,
  '.jpeg': jpeg,
  '.png': png,
  '.heic': () => heif('heic'),
  '.heif': () => heif('mif1'),
  '.webp': webp,
  '.tif': tiff,
  '.tiff': tiff,
  '.doc': compoundFile,
  '.xls': compoundFile,
  '.docx': docx,
  '.xlsx': xlsx,
  '.odt': () => odf('application/vnd.oasis.opendocument.text'),
  '.ods': () => odf('application/vnd.oasis.opendocument.spreadsheet'),
  '.txt': () => Buffer.from('Lohnausweis 2025\r\nBrutto: 85 000 CHF, Zürich\nE-Mail: <anna@example.ch>, 3 < 5\n'),
  '.csv': () => Buffer.from('Datum;Text;Betrag\n2025-01-31;Miete;-1850.00\n2025-02-25;Lohn;7200.00\n'),
};
