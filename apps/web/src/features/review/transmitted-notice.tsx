import { Download, FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatSwissMoment } from '../../lib/swiss-locale';
import { receiptUrl } from '../../lib/transmission';

/** The year is already transmitted: when, what happens next, and the receipt. */
export function TransmittedNotice({ taxYear, transmittedAt }: { taxYear: number; transmittedAt: string }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <section role="status" className="space-y-3 rounded-lg border border-green-700 bg-green-50 p-4 text-green-950 sm:p-6">
      <p className="flex items-start gap-2">
        <FileCheck2 aria-hidden className="mt-0.5 size-5 shrink-0" />
        {t('review.alreadyTransmitted', { year: taxYear, date: formatSwissMoment(transmittedAt, i18n.language) })}
      </p>
      <h2 className="font-semibold">{t('review.nextHeading')}</h2>
      <p>{t('review.next')}</p>
      <a href={receiptUrl(taxYear)} download className="inline-flex min-h-10 items-center gap-2 font-medium text-brand-800 underline underline-offset-2">
        <Download aria-hidden className="size-4" />
        {t('review.receipt')}
      </a>
    </section>
  );
}
