import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, REQUIRED_CATEGORY_IDS, requiredChecklistPercent, type FileRecord } from '@taxli/domain';

/** The six required categories, ticked when the year has a file in them, with the percentage. */
export function RequiredChecklist({ files }: { files: FileRecord[] }) {
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
              {done ? <CheckCircle2 aria-hidden className="size-5 text-green-700" /> : <Circle aria-hidden className="size-5 text-slate-500" />}
              {name}
              <span className="sr-only">{done ? t('checklist.uploaded') : t('checklist.missing')}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
