import type { TFunction } from 'i18next';
import type { EchStatementFields, ExtractionResponse, SalaryCertificateFields } from '@taxli/domain';
import { formatSwissFrancs } from '../swiss-francs';

/**
 * What the upload's second toast says was recognised in one document (issue 29): "Salary
 * certificate, COMPLEX Elektronik AG, gross CHF 68'000.00", "E-tax statement, Bank X, tax value …",
 * or for a document read only for its words, the category it looks like. Undefined when there is
 * nothing worth saying: still being read, nothing read, a failed read (the inbox says why), or
 * figures missing the one the sentence needs.
 */
export function recognisedText(t: TFunction, extraction: ExtractionResponse, language: string): string | undefined {
  if (extraction.status !== 'done' || !extraction.fields) return undefined;
  if (extraction.kind === 'salary-certificate') {
    const { employer, grossIncome } = extraction.fields as Partial<SalaryCertificateFields>;
    if (!employer?.name || typeof grossIncome !== 'string') return undefined;
    return t('dashboard:recognised.salary', { employer: employer.name, gross: formatSwissFrancs(grossIncome, language) });
  }
  if (extraction.kind === 'ech-0196') {
    const { institution, totalTaxValue } = extraction.fields as Partial<EchStatementFields>;
    if (!institution?.name || typeof totalTaxValue !== 'string') return undefined;
    return t('dashboard:recognised.statement', { institution: institution.name, taxValue: formatSwissFrancs(totalTaxValue, language) });
  }
  if (extraction.kind === 'text' && extraction.suggestedCategoryId !== null) {
    const category = t(`categories:names.${extraction.suggestedCategoryId}`, { defaultValue: '' });
    return category ? t('dashboard:recognised.document', { category }) : undefined;
  }
  return undefined;
}

/** The toast for what the upload's documents turned out to be: one sentence, or a count and the sentences. */
export function recognisedToast(t: TFunction, texts: string[]): { title: string; description?: string } | undefined {
  if (texts.length === 0) return undefined;
  if (texts.length === 1) return { title: texts[0]! };
  return { title: t('dashboard:recognised.several', { count: texts.length }), description: texts.join('; ') };
}
