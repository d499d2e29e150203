/**
 * What the uploads accept (DECISIONS D7): an allow-list of file-name extensions, each with the kind
 * of content the server must recognise in the file's first bytes. One list for both sides: the web
 * app offers and pre-checks these names, the server checks the name and the content.
 */

/** What the server can recognise a document as by its content. */
export type DocumentKind = 'pdf' | 'jpeg' | 'png' | 'heif' | 'webp' | 'tiff' | 'ole' | 'ooxml' | 'odt' | 'ods' | 'text';

/**
 * The dashboard's documents and images. `ole` is the Compound File of .doc and .xls, `ooxml` the
 * ZIP of .docx and .xlsx (macro-enabled .docm/.xlsm are not on the list), `text` UTF-8 without markup.
 */
const DASHBOARD_TYPES = {
  '.pdf': 'pdf',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.heic': 'heif',
  '.heif': 'heif',
  '.webp': 'webp',
  '.tif': 'tiff',
  '.tiff': 'tiff',
  '.doc': 'ole',
  '.docx': 'ooxml',
  '.xls': 'ole',
  '.xlsx': 'ooxml',
  '.odt': 'odt',
  '.ods': 'ods',
  '.txt': 'text',
  '.csv': 'text',
} as const satisfies Record<string, DocumentKind>;

/** Advanced Tax Information (part 2 §5): pdf, jpg, jpeg, png, doc, docx, txt. */
const ADVANCED_TYPES = {
  '.pdf': 'pdf',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.doc': 'ole',
  '.docx': 'ooxml',
  '.txt': 'text',
} as const satisfies Record<string, DocumentKind>;

export type UploadRoute = 'dashboard' | 'advanced';

const UPLOAD_TYPES: Record<UploadRoute, Readonly<Record<string, DocumentKind>>> = { dashboard: DASHBOARD_TYPES, advanced: ADVANCED_TYPES };

/** For the file picker's `accept`, and the server's refusal message. */
export const DASHBOARD_UPLOAD_EXTENSIONS = Object.keys(DASHBOARD_TYPES) as readonly string[];
export const ADVANCED_UPLOAD_EXTENSIONS = Object.keys(ADVANCED_TYPES) as readonly string[];

/** The last extension of a file name, lower case with its dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The content a file of this name must have on this route; undefined: the name is refused. */
export function expectedDocumentKind(route: UploadRoute, fileName: string): DocumentKind | undefined {
  const types = UPLOAD_TYPES[route];
  const extension = fileExtension(fileName);
  return Object.hasOwn(types, extension) ? types[extension] : undefined;
}

/** The web app's pre-check by name, before a file is hashed and sent; the server checks the content too. */
export function uploadTypeProblem(route: UploadRoute, fileName: string): 'UNSUPPORTED_FILE_TYPE' | undefined {
  return expectedDocumentKind(route, fileName) ? undefined : 'UNSUPPORTED_FILE_TYPE';
}
