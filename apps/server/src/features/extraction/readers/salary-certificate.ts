import type { DocumentReader } from '../reader.js';

/** Placeholder for the swissdec salary certificate barcode reader (issue 29); replaced by its own branch. */
export const readSalaryCertificate: DocumentReader = async () => null;
