import { CircleCheck, CircleDashed, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { routes, urlFor, type ClientFileVersion, type FiguresResponse } from '@taxli/domain';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { errorText } from '../../../lib/error-text';
import { formatSwissFrancs } from '../../../lib/swiss-francs';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { useFigures } from '../api/get-figures';
import type { ReturnRef } from '../api/take-return';
import { FileSection } from './parts';

interface FiguresSectionProps {
  returnRef: ReturnRef;
  /** The client file's versions: each figure's document links to its latest one, as the Documents section does. */
  files: ClientFileVersion[];
}

const cell = 'px-3 py-2 text-left align-top';
const amountCell = 'px-3 py-2 text-right align-top tabular-nums whitespace-nowrap';

/**
 * "Figures from documents" (issue 29), for desktops first: the salary per certificate with totals
 * per employer, the e-tax statements with their totals, each row linked to its document, whether the
 * person confirmed it, and the whole as CSV.
 */
export function FiguresSection({ returnRef, files }: FiguresSectionProps) {
  const { t } = useTranslation('expert');
  const figures = useFigures(returnRef.userId, returnRef.taxYear);
  const csv = urlFor(routes.expertFiguresCsv, { params: { userId: returnRef.userId, taxYear: returnRef.taxYear } });
  let body: ReactNode;
  if (figures.data) {
    const { salary, statements } = figures.data;
    body =
      salary.length === 0 && statements.length === 0 ? (
        <p className="text-sm text-slate-700">{t('file.figures.none')}</p>
      ) : (
        <>
          <a href={csv} download className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            <Download aria-hidden className="size-4" />
            {t('file.figures.csv')}
          </a>
          {salary.length > 0 && <SalaryTables figures={figures.data} returnRef={returnRef} files={files} />}
          {statements.length > 0 && <StatementsTable figures={figures.data} returnRef={returnRef} files={files} />}
        </>
      );
  } else if (figures.isError) {
    body = <FetchProblem message={errorText(t, figures.error, t('file.figures.loadFailed'))} onRetry={() => void figures.refetch()} />;
  } else {
    body = <p className="text-sm text-slate-700">{t('loading')}</p>;
  }
  return (
    <FileSection id="figures" title={t('file.sections.figures')}>
      {body}
    </FileSection>
  );
}

interface TablesProps {
  figures: FiguresResponse;
  returnRef: ReturnRef;
  files: ClientFileVersion[];
}

function SalaryTables({ figures, returnRef, files }: TablesProps) {
  const { t, i18n } = useTranslation('expert');
  const francs = (amount: string) => formatSwissFrancs(amount, i18n.language);
  return (
    <>
      <Scroll label={t('file.figures.salary')}>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left text-lg font-semibold text-slate-900">{t('file.figures.salary')}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className={cell}>{t('file.figures.columns.document')}</th>
              <th scope="col" className={cell}>{t('file.figures.columns.employer')}</th>
              <th scope="col" className={cell}>{t('file.figures.columns.period')}</th>
              <th scope="col" className={amountCell}>{t('file.figures.columns.gross')}</th>
              <th scope="col" className={amountCell}>{t('file.figures.columns.net')}</th>
              <th scope="col" className={cell}>{t('file.figures.columns.confirmed')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {figures.salary.map((row) => (
              <tr key={row.fileId}>
                <td className={cell}><DocumentLink returnRef={returnRef} files={files} fileId={row.fileId} fileName={row.fileName} /></td>
                <td className={cell}>{row.employer}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {t('file.figures.period', { from: formatSwissDay(row.periodFrom, i18n.language), until: formatSwissDay(row.periodUntil, i18n.language) })}
                </td>
                <td className={amountCell}>{francs(row.grossIncome)}</td>
                <td className={amountCell}>{francs(row.netIncome)}</td>
                <td className={cell}><Confirmed confirmed={row.confirmed} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      <Scroll label={t('file.figures.salaryTotals')}>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold text-slate-900">{t('file.figures.salaryTotals')}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className={cell}>{t('file.figures.columns.employer')}</th>
              <th scope="col" className={amountCell}>{t('file.figures.columns.gross')}</th>
              <th scope="col" className={amountCell}>{t('file.figures.columns.net')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 font-medium">
            {figures.salaryTotalsByEmployer.map((total) => (
              <tr key={total.employer}>
                <th scope="row" className={cell}>{total.employer}</th>
                <td className={amountCell}>{francs(total.grossIncome)}</td>
                <td className={amountCell}>{francs(total.netIncome)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </>
  );
}

function StatementsTable({ figures, returnRef, files }: TablesProps) {
  const { t, i18n } = useTranslation('expert');
  const francs = (amount: string) => formatSwissFrancs(amount, i18n.language);
  const totals = figures.statementTotals;
  return (
    <Scroll label={t('file.figures.statements')}>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-lg font-semibold text-slate-900">{t('file.figures.statements')}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className={cell}>{t('file.figures.columns.document')}</th>
            <th scope="col" className={cell}>{t('file.figures.columns.institution')}</th>
            <th scope="col" className={amountCell}>{t('file.figures.columns.taxValue')}</th>
            <th scope="col" className={amountCell}>{t('file.figures.columns.grossRevenueA')}</th>
            <th scope="col" className={amountCell}>{t('file.figures.columns.grossRevenueB')}</th>
            <th scope="col" className={amountCell}>{t('file.figures.columns.withHoldingTaxClaim')}</th>
            <th scope="col" className={cell}>{t('file.figures.columns.confirmed')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {figures.statements.map((row) => (
            <tr key={row.fileId}>
              <td className={cell}><DocumentLink returnRef={returnRef} files={files} fileId={row.fileId} fileName={row.fileName} /></td>
              <td className={cell}>{row.institution}</td>
              <td className={amountCell}>{francs(row.totalTaxValue)}</td>
              <td className={amountCell}>{francs(row.totalGrossRevenueA)}</td>
              <td className={amountCell}>{francs(row.totalGrossRevenueB)}</td>
              <td className={amountCell}>{francs(row.totalWithHoldingTaxClaim)}</td>
              <td className={cell}><Confirmed confirmed={row.confirmed} /></td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className={cell}>{t('file.figures.total')}</th>
            <td className={amountCell}>{francs(totals.totalTaxValue)}</td>
            <td className={amountCell}>{francs(totals.totalGrossRevenueA)}</td>
            <td className={amountCell}>{francs(totals.totalGrossRevenueB)}</td>
            <td className={amountCell}>{francs(totals.totalWithHoldingTaxClaim)}</td>
            <td className={cell} />
          </tr>
        </tfoot>
      </table>
    </Scroll>
  );
}

/** A wide table scrolls on its own on a narrow screen, reachable by keyboard. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
      {children}
    </div>
  );
}

/** The document's latest version, downloaded as in the Documents section; a document not in the file is named only. */
function DocumentLink({ returnRef, files, fileId, fileName }: { returnRef: ReturnRef; files: ClientFileVersion[]; fileId: number; fileName: string }) {
  const latest = files.filter((file) => file.documentId === fileId).sort((a, b) => b.version - a.version)[0];
  if (!latest) return <span className="break-all">{fileName}</span>;
  const href = urlFor(routes.expertDocument, { params: { userId: returnRef.userId, taxYear: returnRef.taxYear, versionId: latest.versionId } });
  return (
    <a href={href} download className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {fileName}
    </a>
  );
}

/** Confirmed by the person in the review inbox, or not yet: said in words, the icon only repeats it. */
function Confirmed({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('expert');
  const Icon = confirmed ? CircleCheck : CircleDashed;
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap ${confirmed ? 'text-green-800' : 'text-slate-700'}`}>
      <Icon aria-hidden className="size-4" />
      {confirmed ? t('file.figures.confirmed') : t('file.figures.unconfirmed')}
    </span>
  );
}
