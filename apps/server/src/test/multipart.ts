import { createHash, randomBytes } from 'node:crypto';

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/**
 * A multipart/form-data body built by hand, so tests control the order of the parts and can send
 * what no browser would (names with control characters, hashes without files).
 */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----taxli${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** The parts the web app sends for these files: categoryId, taxYear, one hash per file, the files. */
export function uploadParts(categoryId: number | string, taxYear: number | string, files: { filename: string; data: Buffer }[]): Part[] {
  return [
    { name: 'categoryId', value: String(categoryId) },
    { name: 'taxYear', value: String(taxYear) },
    ...files.map((f) => ({ name: 'hashes[]', value: sha256(f.data) })),
    ...files.map((f) => ({ name: 'files', filename: f.filename, data: f.data })),
  ];
}

/**
 * A multipart body cut in two around the last file's bytes, for tests over real HTTP that stream,
 * stall or abandon a file: `opening` ends just before the file's bytes, `closing` follows them.
 */
export function streamedUpload(parts: Part[], fileBytes: number): { opening: Buffer; closing: Buffer; contentType: string; contentLength: number } {
  const { payload, contentType } = multipart(parts);
  const boundary = contentType.split('boundary=')[1]!;
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const opening = payload.subarray(0, payload.length - closing.length);
  return { opening, closing, contentType, contentLength: opening.length + fileBytes + closing.length };
}
