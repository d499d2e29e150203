import { findKeywords, guessLanguage, type TextFields } from '@taxli/domain';
import type { ReadResult } from '../reader.js';

/** Words of two letters or more: page numbers, amounts and stray marks are not words. */
const WORD = /\p{L}{2,}/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** More text than this tells nothing more about the category, and costs memory on the way. */
export const MAX_TEXT_LENGTH = 200_000;

/** What words tell about a document: its category keywords and its language. */
export function textFieldsOf(text: string): TextFields {
  const fields: TextFields = { keywords: findKeywords(text) };
  const language = guessLanguage(text);
  if (language) fields.language = language;
  return fields;
}

/**
 * A read that found words (text layer or OCR), for the category check. The text goes along for
 * the job only (never stored whole, reader.ts).
 */
export function textReadResult(text: string, fields: TextFields, source: 'text' | 'ocr', confidence: number): ReadResult {
  return { kind: 'text', source, confidence: Math.round(confidence * 100) / 100, fields, text };
}

/**
 * How sure a text-layer read is: the words themselves are exact, so what is uncertain is what they
 * say about the document. Each category keyword found makes it surer, up to 0.9 (never the 1 of a
 * standard's data read whole).
 */
export function textLayerConfidence(keywordCount: number): number {
  return Math.min(0.9, 0.5 + 0.1 * keywordCount);
}
