import { openPdf } from '../../pdf-document.js';
import { MAX_STATEMENT_XML_BYTES } from './inflate-payload.js';
import { looksLikeStatementXml } from './read-statement-xml.js';

interface EmbeddedFile {
  filename?: unknown;
  content?: unknown;
}

/** XML starts, after an optional BOM and white space, with '<': a cheap test before parsing. */
function startsLikeXml(bytes: Uint8Array): boolean {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (index < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[index] ?? 0)) index += 1;
  return bytes[index] === 0x3c;
}

/**
 * The e-tax statement XML embedded in a PDF (its EmbeddedFiles), if any: the first attachment whose
 * root element is eCH-0196's taxStatement. Other attachments (an invoice's XML, images) are not
 * this reader's business. pdfjs runs without eval, without fetching fonts or anything else: it
 * only parses the bytes given.
 */
export async function findStatementAttachment(pdf: Uint8Array): Promise<Uint8Array | null> {
  const document = await openPdf(pdf);
  try {
    const attachments = ((await document.getAttachments()) ?? {}) as Record<string, EmbeddedFile>;
    for (const attachment of Object.values(attachments)) {
      const content = attachment.content;
      if (!(content instanceof Uint8Array) || content.length > MAX_STATEMENT_XML_BYTES) continue;
      if (startsLikeXml(content) && looksLikeStatementXml(content)) return content;
    }
    return null;
  } finally {
    await document.destroy();
  }
}
