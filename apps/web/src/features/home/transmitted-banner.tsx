import { FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown from status 4 on, where the checklist was (part 1 §4). */
export function TransmittedBanner({ year }: { year: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="transmitted-heading" className="flex items-start gap-3 rounded-lg border border-green-700 bg-green-50 p-6 text-green-900">
      <FileCheck2 aria-hidden className="size-6 shrink-0" />
      <div>
        <h2 id="transmitted-heading" className="text-lg font-semibold">
          {t('transmitted.title')}
        </h2>
        <p>{t('transmitted.description', { year })}</p>
      </div>
    </section>
  );
}
