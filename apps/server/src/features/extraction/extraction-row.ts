import {
  echStatementFields,
  maskAhvNumbersIn,
  salaryCertificateFields,
  textFields,
  type ExtractionFailureCode,
  type ExtractionResponse,
} from '@taxli/domain';
import { openText, sealText } from '../../storage/sealed-text.js';
import type { ReadOutcomeRow, StoredExtraction } from './extraction.repository.js';
import type { ReadResult } from './reader.js';

/** The purpose AHV numbers read out of documents are sealed for (storage/sealed-text.ts). */
const AHV_SEAL = 'extraction.ahvNumber';

const FIELDS_BY_KIND = { 'ech-0196': echStatementFields, 'salary-certificate': salaryCertificateFields, text: textFields } as const;

/** Every string of the figures with any AHV number in it masked (D12): the readers mask, this makes sure. */
function masked(value: unknown): unknown {
  if (typeof value === 'string') return maskAhvNumbersIn(value);
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, masked(inner)]));
  return value;
}

export const failedRow = (failureCode: ExtractionFailureCode): ReadOutcomeRow => ({
  status: 'failed',
  kind: null,
  source: null,
  confidence: null,
  fields: null,
  sealedAhvNumbers: [],
  suggestedCategoryId: null,
  failureCode,
});

export const noneRow: ReadOutcomeRow = { ...failedRow('DAMAGED_FILE'), status: 'none', failureCode: null };

/**
 * A reader's result as stored: the figures checked against the domain's shape for its kind (a
 * reader that answers another shape is a fault, read as a damaged file), AHV numbers sealed.
 */
export function doneRow(result: ReadResult, masterKey: Buffer, suggestedCategoryId: number | null): ReadOutcomeRow {
  const fields = FIELDS_BY_KIND[result.kind]?.safeParse(masked(result.fields));
  if (!fields?.success) return failedRow('DAMAGED_FILE');
  const confidence = Number.isFinite(result.confidence) ? Math.min(1, Math.max(0, result.confidence)) : 0;
  return {
    status: 'done',
    kind: result.kind,
    source: result.source,
    confidence,
    fields: fields.data,
    sealedAhvNumbers: (result.ahvNumbers ?? []).map((number) => sealText(masterKey, AHV_SEAL, number)),
    suggestedCategoryId,
    failureCode: null,
  };
}

/** The AHV numbers a stored read names, in clear, for the household check only (never answered). */
export const unsealedAhvNumbers = (row: StoredExtraction, masterKey: Buffer): string[] =>
  row.sealedAhvNumbers.map((sealed) => openText(masterKey, AHV_SEAL, sealed));

/** The keywords a read found, for the category check. */
export const keywordsOf = (fields: unknown): string[] => {
  const keywords = (fields as { keywords?: unknown } | null)?.keywords;
  return Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : [];
};

/** GET /api/files/:id/extraction's answer; a version without a row has not been queued: pending. */
export function extractionResponseOf(row: StoredExtraction | undefined): ExtractionResponse {
  if (!row) return { status: 'pending', kind: null, source: null, confidence: null, suggestedCategoryId: null, fields: null, failureCode: null };
  return {
    status: row.status,
    kind: row.kind,
    source: row.source,
    confidence: row.confidence,
    suggestedCategoryId: row.suggestedCategoryId,
    fields: row.fields as ExtractionResponse['fields'],
    failureCode: row.failureCode as ExtractionFailureCode | null,
  };
}
