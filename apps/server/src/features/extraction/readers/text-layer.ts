import type { DocumentReader } from '../reader.js';

/** Placeholder for the PDF text layer reader (issue 29); replaced by its own branch. */
export const readTextLayer: DocumentReader = async () => null;
