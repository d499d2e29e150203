import { CheckCircle2, Circle, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, REQUIRED_CATEGORY_IDS, requiredChecklistPercent, type FileRecord } from '@taxli/domain';

/**
 * The six required categories, ticked when the year has a file in them, with the percentage. Each
 * starts an upload in its own category: the person does not have to find it again in a list.
 */
export function RequiredChecklist({ files, onUpload }: { files: FileRecord[]; onUpload: (categoryId: number) => void }) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const present = new Set(files.map((f) => f.categoryId));
  const percent = requiredChecklistPercent(present);
  return (
    <section aria-labelledby="checklist-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checklist-heading" className="text-xl font-semibold text-slate-900">
          {t('checklist.heading')}
        </h2>
        <span className="text-sm font-semibold text-slate-800">{t('checklist.percent', { percent })}</span>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {REQUIRED_CATEGORY_IDS.map((id) => {
          const done = present.has(id);
          const name = t(`categories:names.${id}`, { defaultValue: DOCUMENT_CATEGORIES.find((c) => c.id === id)?.name });
          return (
            <li key={id} className="flex items-center gap-2 text-sm text-slate-900">
              {done ? (
                <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden className="size-5 shrink-0 text-slate-500" />
              )}
              <span className="min-w-0 flex-1">
                {name}
                <span className="sr-only">{done ? t('checklist.uploaded') : t('checklist.missing')}</span>
              </span>
              <button
                type="button"
                aria-label={t('checklist.uploadTo', { name })}
                onClick={() => onUpload(id)}
                className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-md px-2 py-1 text-brand-700 underline-offset-2 hover:bg-slate-100 hover:underline"
              >
                <Upload aria-hidden className="size-4" />
                {t('checklist.upload')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
