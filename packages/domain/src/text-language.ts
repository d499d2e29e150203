import { foldText } from './document-recognition.js';
import type { RecognitionLanguage } from './recognition-keywords.js';

/**
 * The language a document is written in, from its commonest short words (issue 29: a text read
 * names its language, and OCR reads better knowing it). Words that two languages share ("in",
 * "le", "il", "des", "per") are left out, so each counts for one language only.
 */
const STOP_WORDS: Readonly<Record<RecognitionLanguage, readonly string[]>> = {
  de: ['der', 'die', 'das', 'und', 'ist', 'mit', 'von', 'fur', 'auf', 'den', 'dem', 'nicht', 'ein', 'eine', 'zu', 'im', 'bei', 'vom', 'zum', 'zur', 'sie', 'wir', 'ihr'],
  fr: ['les', 'et', 'du', 'une', 'est', 'pour', 'au', 'aux', 'avec', 'sur', 'pas', 'vous', 'nous', 'votre', 'dans', 'ce', 'qui', 'par', 'vos'],
  it: ['lo', 'gli', 'della', 'delle', 'dei', 'del', 'che', 'con', 'una', 'sono', 'alla', 'nel', 'nella', 'suo', 'vostro', 'questo', 'di'],
  en: ['the', 'and', 'of', 'to', 'is', 'for', 'with', 'this', 'that', 'your', 'you', 'are', 'be', 'from', 'by', 'we', 'our', 'at'],
};

const LANGUAGE_BY_WORD = new Map(Object.entries(STOP_WORDS).flatMap(([language, words]) => words.map((word) => [word, language as RecognitionLanguage])));

/** Fewer telling words than this say nothing about the language. */
const MIN_TELLING_WORDS = 3;

export function guessLanguage(text: string): RecognitionLanguage | undefined {
  const counts = new Map<RecognitionLanguage, number>();
  for (const word of foldText(text).trim().split(' ')) {
    const language = LANGUAGE_BY_WORD.get(word);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < MIN_TELLING_WORDS || (second && second[1] === best[1])) return undefined;
  return best[0];
}
