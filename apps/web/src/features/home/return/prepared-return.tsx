import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes, urlFor, type PreparedReturnSummary } from '@taxli/domain';
import { formatFileSize } from '../../../lib/file-size';
import { formatSwissDay } from '../../../lib/swiss-locale';

/** The prepared return's download (a PDF the server sends as an attachment), with its version, day and size. */
export function PreparedReturnDownload({ taxYear, summary }: { taxYear: number; summary: PreparedReturnSummary | null }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <div className="space-y-1">
      <a
        href={urlFor(routes.preparedReturn, { query: { taxYear } })}
        download
        className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900"
      >
        <Download aria-hidden className="size-4" />
        {t('return.review.download', { year: taxYear })}
      </a>
      {summary && (
        <p className="text-sm text-slate-700">
          {t('return.review.details', {
            version: summary.version,
            date: formatSwissDay(summary.uploadedAt, i18n.language),
            size: formatFileSize(summary.size, i18n.language),
          })}
        </p>
      )}
    </div>
  );
}
