import type { TFunction } from 'i18next';
import { EXTRACTION_FAILURE_CODES, type ExtractionResponse } from '@taxli/domain';
import { swissLocale } from '../../lib/swiss-locale';

/** What kind of document was read, from where, and how sure: "Salary certificate · read from the barcode · 100% sure". */
export function readSummary(t: TFunction, extraction: ExtractionResponse, language: string): string {
  const parts = [t(`dashboard:extraction.kinds.${extraction.kind ?? 'text'}`)];
  if (extraction.source) parts.push(t(`dashboard:extraction.sources.${extraction.source}`));
  if (typeof extraction.confidence === 'number' && Number.isFinite(extraction.confidence)) {
    const percent = new Intl.NumberFormat(swissLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(Math.min(1, Math.max(0, extraction.confidence)));
    parts.push(t('dashboard:extraction.confidence', { percent }));
  }
  return parts.join(' · ');
}

/** Why a read failed, in the interface language; a code this build does not know yet gets the general reason. */
export function failureReason(t: TFunction, extraction: ExtractionResponse): string {
  const code = extraction.failureCode;
  return code && (EXTRACTION_FAILURE_CODES as readonly string[]).includes(code) ? t(`errors:extraction.${code}`) : t('dashboard:inbox.failedUnknown');
}
