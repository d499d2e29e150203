import { ADVANCED_UPLOAD_EXTENSIONS, DASHBOARD_UPLOAD_EXTENSIONS, expectedDocumentKind, type UploadRoute } from '@taxli/domain';
import type { ContentKind } from '../../storage/content-type.js';

/** Which files an upload route takes (DECISIONS D7), and what a refused one is told. */
export interface UploadPolicy {
  accepts(fileName: string, kind: ContentKind): boolean;
  /** The reason given for a refused type: it names what the route accepts. */
  refusal: string;
}

const EXTENSIONS: Record<UploadRoute, readonly string[]> = { dashboard: DASHBOARD_UPLOAD_EXTENSIONS, advanced: ADVANCED_UPLOAD_EXTENSIONS };

/**
 * An allow-list: the name must be on the route's list and the content recognised as the kind that
 * name stands for. A PDF named .exe, a script named .txt, HTML named .pdf: all refused, so nothing
 * an expert opens from a download runs as a program or a web page.
 */
function policyFor(route: UploadRoute): UploadPolicy {
  return {
    accepts: (fileName, kind) => expectedDocumentKind(route, fileName) === kind,
    refusal: `This file type is not accepted here. Accepted: ${EXTENSIONS[route].join(', ')}`,
  };
}

/** The dashboard: documents and images (PDF, pictures, Word, Excel, OpenDocument, plain text and CSV). */
export const DASHBOARD_POLICY = policyFor('dashboard');

/** Advanced Tax Information (part 2 §5): pdf, jpg, jpeg, png, doc, docx, txt. */
export const ADVANCED_POLICY = policyFor('advanced');
