import { Download, Eye, History, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileHistoryTaxYears, type FileRecord } from '@taxli/domain';
import { FileVersionsDialog } from '../../components/documents/file-versions-dialog';
import { AddedAfterTransmission } from '../../components/documents/added-after-transmission';
import { useTransmitReview } from '../../lib/transmission';
import { Button } from '../../components/ui/button';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { useToday } from '../../lib/clock';
import { useDocumentCategories, useFiles } from '../../lib/documents';
import { formatFileSize } from '../../lib/file-size';
import { groupByUploadDay } from './group-by-day';
import { formatLongDate, swissLocale } from '../../lib/swiss-locale';
import { useHistoryFilters } from './use-history-filters';

const selectClass = 'block max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';

/** How long ago, in the reader's language ("3 days ago"). */
function relative(iso: string, now: Date, locale: string): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86400], ['hour', 3600], ['minute', 60]];
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(Math.round(seconds), 'second');
}

/**
 * File History (part 2 §2): a year's files by upload day, filtered by category (both kept in the
 * address), to view, download, or see every version of.
 */
export function FileHistoryPage() {
  const { t, i18n } = useTranslation(['dashboard', 'categories']);
  const today = useToday();
  const id = useId();
  const { year, category, setYear, setCategory } = useHistoryFilters();
  const [versionsOf, setVersionsOf] = useState<FileRecord>();
  const files = useFiles(year);
  const review = useTransmitReview(year).data;
  const categories = useDocumentCategories(year, 'all').data ?? [];
  const locale = swissLocale(i18n.language);
  const shown = (files.data ?? []).filter((f) => category === 'all' || f.categoryId === category);
  const categoryName = (cid: number) => t(`categories:names.${cid}`, { defaultValue: categories.find((c) => c.id === cid)?.name ?? '' });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('history.title')}</h1>
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-year`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('history.year')}
          </label>
          <select id={`${id}-year`} value={year} onChange={(e) => setYear(Number(e.target.value))} className={selectClass}>
            {fileHistoryTaxYears(today).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {/* min-w-0: on a phone the longest category name must not widen the page beyond the screen */}
        <div className="min-w-0">
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('history.category')}
          </label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value === 'all' ? 'all' : Number(e.target.value))}
            className={selectClass}
          >
            <option value="all">{t('history.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {categoryName(c.id)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {files.isPending ? (
        <p role="status">{t('files.loading')}</p>
      ) : files.isError ? (
        <FetchProblem message={t('files.failed')} onRetry={() => void files.refetch()} />
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">{t('history.empty')}</h2>
          <p className="text-slate-700">
            {category === 'all' ? t('history.emptyYear', { year }) : t('history.emptyCategory', { year, category: categoryName(category) })}
          </p>
        </div>
      ) : (
        groupByUploadDay(shown).map((group) => (
          <section key={group.day} aria-labelledby={`${id}-${group.day}`} className="space-y-2">
            <h2 id={`${id}-${group.day}`} className="text-lg font-semibold text-slate-900">
              {t('history.group', {
                date: formatLongDate(group.date, i18n.language),
                count: group.files.length,
              })}
            </h2>
            <ul className="space-y-2">
              {group.files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm">
                  <div>
                    <p className="font-medium break-all text-slate-900">{file.name}</p>
                    <p className="text-slate-700">
                      {relative(file.uploadedAt, today, locale)} · {categoryName(file.categoryId)} · {formatFileSize(file.size, i18n.language)}
                    </p>
                    <AddedAfterTransmission review={review} file={file} />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setVersionsOf(file)} aria-label={t('files.historyOf', { name: file.name })}>
                      <History aria-hidden className="size-4" />
                      {t('files.history')}
                    </Button>
                    <a href={`${file.blobUrl}?inline=1`} target="_blank" rel="noopener noreferrer" aria-label={t('history.viewOf', { name: file.name })} className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 font-medium text-slate-900">
                      <Eye aria-hidden className="size-4" />
                      {t('history.view')}
                    </a>
                    <a href={file.blobUrl} download={file.name} aria-label={t('history.downloadOf', { name: file.name })} className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-3 py-2 font-medium text-white">
                      <Download aria-hidden className="size-4" />
                      {t('files.download')}
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {versionsOf && <FileVersionsDialog file={versionsOf} onClose={() => setVersionsOf(undefined)} />}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden className="size-4" />
        {t('history.footer')}
      </p>
    </div>
  );
}
