import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/file-size';
import { useStorageUsage } from '../api/get-storage-usage';

/**
 * "1.2 GB of 2 GB used": how much of the account's storage quota its documents take, so a person
 * sees the limit coming before an upload is refused. Nothing while it loads or when it cannot be
 * read: the line informs, and the upload itself says when the quota is reached.
 */
export function StorageUsageLine() {
  const { t, i18n } = useTranslation('dashboard');
  const { data } = useStorageUsage();
  if (!data) return null;
  return (
    <p className="text-sm text-slate-700">
      {t('upload.storageUsed', { used: formatFileSize(data.usedBytes, i18n.language), quota: formatFileSize(data.quotaBytes, i18n.language) })}
    </p>
  );
}
