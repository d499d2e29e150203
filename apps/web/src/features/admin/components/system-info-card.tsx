import { useTranslation } from 'react-i18next';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { swissLocale } from '../../../lib/swiss-locale';
import { useSystemInfo } from '../api/get-system-info';
import { AdminCard } from './admin-card';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="min-w-0 break-all text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** Part 2 §2's system info card, with what the server reports instead of constants. */
export function SystemInfoCard() {
  const { t, i18n } = useTranslation('admin');
  const locale = swissLocale(i18n.language);
  const info = useSystemInfo();
  const when = (iso: string) => new Date(iso).toLocaleString(locale);
  return (
    <AdminCard title={t('system.heading')}>
      {info.isError ? (
        <FetchProblem message={t('loadFailed')} onRetry={() => void info.refetch()} />
      ) : !info.data ? (
        <p role="status" className="text-sm text-slate-700">
          {t('loading')}
        </p>
      ) : (
        <dl>
          <Row label={t('system.environment')} value={t(`system.environments.${info.data.environment}`)} />
          <Row label={t('system.version')} value={info.data.version} />
          <Row label={t('system.buildDate')} value={info.data.buildDate ? when(info.data.buildDate) : t('system.notBuilt')} />
          <Row label={t('system.commit')} value={info.data.commit ?? t('system.unknown')} />
          <Row label={t('system.node')} value={info.data.nodeVersion} />
          <Row label={t('system.database')} value={t(`system.databases.${info.data.database}`)} />
          <Row label={t('system.blobStore')} value={t(`system.blobStores.${info.data.blobStore}`)} />
          <Row label={t('system.debugTools')} value={info.data.debugTools ? t('system.on') : t('system.off')} />
          <Row label={t('system.startedAt')} value={when(info.data.startedAt)} />
        </dl>
      )}
    </AdminCard>
  );
}
