import type { DocumentReader } from './reader.js';
import { readEch0196 } from './readers/ech-0196/read-ech-0196.js';
import { readSalaryCertificate } from './readers/salary-certificate.js';
import { readTextLayer } from './readers/text-layer.js';
import { readOcr } from './readers/ocr.js';

/**
 * The readers in the order of issue 29: the standards' data first, then words, then OCR. The
 * extraction worker loads this module by its URL (read-in-worker.ts), so tests can pass another.
 */
export const readers: DocumentReader[] = [readEch0196, readSalaryCertificate, readTextLayer, readOcr];
