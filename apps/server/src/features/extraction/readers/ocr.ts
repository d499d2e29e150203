import type { DocumentReader } from '../reader.js';

/** Placeholder for the OCR of photos and scanned pages reader (issue 29); replaced by its own branch. */
export const readOcr: DocumentReader = async () => null;
