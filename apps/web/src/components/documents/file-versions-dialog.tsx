import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord, FileVersionEntry } from '@taxli/domain';
import { Dialog } from '../ui/dialog';
import { useFileHistory } from '../../lib/documents';
import { formatFileSize } from '../../lib/file-size';
import { swissLocale } from '../../lib/swiss-locale';

interface FileVersionsDialogProps {
  file: FileRecord;
  onClose: () => void;
  /** Shown above the versions (the dashboard's line saying why they can no longer be deleted). */
  notice?: ReactNode;
  /** What each version offers beside its download (the dashboard's Delete). */
  actions?: (entry: FileVersionEntry) => ReactNode;
}

/**
 * Every version of one file (GET /api/files/{id}/history) with its date and size, each to download:
 * the dashboard's Your Files and File History show the same dialog.
 */
export function FileVersionsDialog({ file, onClose, notice, actions }: FileVersionsDialogProps) {
  const { t, i18n } = useTranslation('dashboard');
  const history = useFileHistory(file.id);
  const date = (iso: string) => new Date(iso).toLocaleString(swissLocale(i18n.language));
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t('files.historyTitle', { name: file.name })} closeLabel={t('common:actions.close')}>
      {history.isPending && <p role="status">{t('files.loading')}</p>}
      {history.isError && <p role="alert">{t('files.historyFailed')}</p>}
      {notice}
      <ol className="space-y-2">
        {history.data?.map((entry) => (
          <li key={entry.version} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
            <span>
              {t('files.version', { version: entry.version })} · {date(entry.createdAt)} · {formatFileSize(entry.size, i18n.language)}
            </span>
            <span className="flex flex-wrap items-center gap-3">
              <a href={entry.blobUrl} download={entry.filename} className="font-medium text-brand-700 underline">
                {t('files.download')}
              </a>
              {actions?.(entry)}
            </span>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
