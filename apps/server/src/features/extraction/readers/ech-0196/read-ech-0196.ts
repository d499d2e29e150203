import type { DocumentReader } from '../../reader.js';

/** Placeholder for the eCH-0196 e-tax statement (attachment, then Macro PDF417 barcodes) reader (issue 29); replaced by its own branch. */
export const readEch0196: DocumentReader = async () => null;
