import { Download, FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProfileSection } from './profile-section';
import { ACCOUNT_EXPORTS_PER_DAY, routes, urlFor } from '@taxli/domain';
import { useToday } from '../../../lib/clock';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import { useCountExport, useExportAllowance } from '../api/export-allowance';

/**
 * The profile's "Your data" (issue 30; nDSG Art. 25 and 28): a link that downloads everything Taxli
 * holds on the person as one ZIP. A plain link, not a fetch: the browser writes the stream to disk
 * as it arrives, however large the person's documents are, and never holds it in memory. With the
 * day's exports used, it says when the next one is possible instead (the server would answer 429).
 */
export function DataExportSection() {
  const { t, i18n } = useTranslation('profile');
  const allowance = useExportAllowance();
  const countExport = useCountExport();
  const now = useToday();
  const used = allowance.data?.left === 0 && allowance.data.freesAt !== null ? allowance.data.freesAt : null;
  return (
    <ProfileSection icon={FileArchive} title={t('dataExport.heading')}>
      <p className="text-sm text-slate-700">{t('dataExport.intro')}</p>
      <p className="text-sm text-slate-700">{t('dataExport.limit', { limit: ACCOUNT_EXPORTS_PER_DAY })}</p>
      {used ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('dataExport.used', { limit: ACCOUNT_EXPORTS_PER_DAY, time: formatSwissMoment(used, i18n.language) })}
        </p>
      ) : (
        <a
          href={urlFor(routes.accountExport)}
          download
          onClick={() => countExport(now)}
          className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Download aria-hidden className="size-4" />
          {t('dataExport.download')}
        </a>
      )}
    </ProfileSection>
  );
}
