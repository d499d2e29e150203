import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { findCategory, type ChecklistItemResponse, type FileRecord } from '@taxli/domain';
import { formatFileSize } from '../../lib/file-size';

/**
 * The year's documents per item of the personal checklist (D19: each with its files, its "not
 * applicable" reason, or "no document yet"), then the further categories that hold files.
 */
export function DocumentsByItem({ files, items }: { files: FileRecord[]; items: ChecklistItemResponse[] }) {
  const { t, i18n } = useTranslation(['dashboard', 'categories']);
  const byCategory = new Map<number, FileRecord[]>();
  for (const file of files) byCategory.set(file.categoryId, [...(byCategory.get(file.categoryId) ?? []), file]);
  const required = items.map((entry) => entry.categoryId);
  const marks = new Map(items.map((entry) => [entry.categoryId, entry.notApplicable]));
  const further = [...byCategory.keys()].filter((id) => !required.includes(id)).sort((a, b) => a - b);
  const name = (id: number) => t(`categories:names.${id}`, { defaultValue: findCategory(id)?.name });

  const item = (categoryId: number) => {
    const inIt = byCategory.get(categoryId) ?? [];
    const notApplicable = marks.get(categoryId);
    return (
      <li key={categoryId} className="space-y-1 rounded-md border border-slate-200 p-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          {inIt.length > 0 || notApplicable ? <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-700" /> : <Circle aria-hidden className="size-4 shrink-0 text-slate-500" />}
          {name(categoryId)}
        </p>
        {inIt.length === 0 && notApplicable ? (
          <p className="pl-6 break-words text-slate-800">{t('checklist.notApplicable.marked', { reason: notApplicable.reason })}</p>
        ) : inIt.length === 0 ? (
          <p className="pl-6 text-amber-900">{t('review.noDocument')}</p>
        ) : (
          <ul className="space-y-0.5 pl-6 text-slate-800">
            {inIt.map((file) => (
              <li key={file.id} className="break-all">
                {file.name} <span className="text-slate-700">· {formatFileSize(file.size, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <section aria-labelledby="review-documents-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="review-documents-heading" className="text-lg font-semibold text-slate-900">
        {t('review.documentsHeading')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">{required.map(item)}</ul>
      {further.length > 0 && (
        <>
          <h3 className="pt-2 font-semibold text-slate-900">{t('review.otherDocuments')}</h3>
          <ul className="grid gap-2 sm:grid-cols-2">{further.map(item)}</ul>
        </>
      )}
    </section>
  );
}
