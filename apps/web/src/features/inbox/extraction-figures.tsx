import { useTranslation } from 'react-i18next';
import { maskAhvNumber, type EchStatementFields, type ExtractionResponse, type SalaryCertificateFields, type TextFields } from '@taxli/domain';
import { formatSwissDay } from '../../lib/swiss-locale';
import { formatSwissFrancs } from '../../lib/swiss-francs';

type Figure = [label: string, value: string | number | undefined];

/** An AHV number is shown masked only (D12): one the server sent unmasked is masked here too. */
const masked = (value: string | undefined) => (value === undefined || value.includes('*') ? value : maskAhvNumber(value));

/**
 * The key figures of one read document, by its kind: a salary certificate's employer, period, gross
 * and net salary; an e-tax statement's institution, period and totals; a text's category words.
 * Fields that do not fit the kind show nothing rather than fail: the answer is the server's reading
 * of an untrusted file.
 */
export function ExtractionFigures({ extraction, label }: { extraction: ExtractionResponse; label: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const francs = (amount: string | undefined) => (typeof amount === 'string' ? formatSwissFrancs(amount, i18n.language) : undefined);
  const period = (from: string | undefined, until: string | undefined) =>
    from && until ? t('inbox.period', { from: formatSwissDay(from, i18n.language), until: formatSwissDay(until, i18n.language) }) : undefined;

  let figures: Figure[] = [];
  if (extraction.kind === 'salary-certificate' && extraction.fields) {
    const fields = extraction.fields as Partial<SalaryCertificateFields>;
    figures = [
      [t('inbox.fields.employer'), fields.employer?.name],
      [t('inbox.fields.period'), period(fields.periodFrom, fields.periodUntil)],
      [t('inbox.fields.grossIncome'), francs(fields.grossIncome)],
      [t('inbox.fields.netIncome'), francs(fields.netIncome)],
      [t('inbox.fields.deductionAtSource'), francs(fields.deductionAtSource)],
      [t('inbox.fields.ahvNumber'), masked(fields.employee?.ahvNumberMasked)],
    ];
  } else if (extraction.kind === 'ech-0196' && extraction.fields) {
    const fields = extraction.fields as Partial<EchStatementFields>;
    figures = [
      [t('inbox.fields.institution'), fields.institution?.name],
      [t('inbox.fields.period'), period(fields.periodFrom, fields.periodTo)],
      [t('inbox.fields.taxValue'), francs(fields.totalTaxValue)],
      [t('inbox.fields.grossRevenueA'), francs(fields.totalGrossRevenueA)],
      [t('inbox.fields.grossRevenueB'), francs(fields.totalGrossRevenueB)],
      [t('inbox.fields.withHoldingTaxClaim'), francs(fields.totalWithHoldingTaxClaim)],
      [t('inbox.fields.bankAccounts'), Array.isArray(fields.bankAccounts) ? fields.bankAccounts.length : undefined],
      [t('inbox.fields.securities'), Array.isArray(fields.securities) ? fields.securities.length : undefined],
    ];
  } else if (extraction.kind === 'text' && extraction.fields) {
    const { keywords } = extraction.fields as Partial<TextFields>;
    figures = [[t('inbox.fields.keywords'), Array.isArray(keywords) && keywords.length > 0 ? keywords.join(', ') : undefined]];
  }
  const shown = figures.filter((figure): figure is [string, string | number] => figure[1] !== undefined && figure[1] !== '');
  if (shown.length === 0) return null;
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      {shown.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-700">{term}</dt>
          <dd className="mb-2 font-medium break-words text-slate-900 tabular-nums sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
