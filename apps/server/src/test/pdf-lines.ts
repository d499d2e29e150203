import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/** The text a PDF shows, line by line, read back with pdf-lib: each page's content streams, their `<hex> Tj` strings. */
export async function pdfLines(bytes: Buffer): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of document.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const operators = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
  }
  return lines;
}
