import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { UnreadableDocument } from '../../reader.js';
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
  // pdfjs takes ownership of (detaches) the buffer it is given: it gets a copy.
  const loading = getDocument({
    data: pdf.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const document = await loading.promise.catch(() => {
      throw new UnreadableDocument('DAMAGED_FILE', 'the PDF could not be opened');
    });
    const attachments = ((await document.getAttachments()) ?? {}) as Record<string, EmbeddedFile>;
    for (const attachment of Object.values(attachments)) {
      const content = attachment.content;
      if (!(content instanceof Uint8Array) || content.length > MAX_STATEMENT_XML_BYTES) continue;
      if (startsLikeXml(content) && looksLikeStatementXml(content)) return content;
    }
    return null;
  } finally {
    await loading.destroy();
  }
}
