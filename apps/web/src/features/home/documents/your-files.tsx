import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatKb } from '../../../lib/documents';
import { useFileHistory } from '../api/get-file-history';
import { swissLocale } from '../../../lib/swiss-locale';

interface YourFilesProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  taxYear: number;
  files: FileRecord[];
}

/** The year's files with category, size and date; each one's versions in a second dialog. */
export function YourFiles({ open, onOpenChange, taxYear, files }: YourFilesProps) {
  const { t, i18n } = useTranslation(['dashboard', 'categories']);
  const [historyOf, setHistoryOf] = useState<FileRecord>();
  const date = (iso: string) => new Date(iso).toLocaleString(swissLocale(i18n.language));
  return (
    <>
      <Dialog
        open={open && !historyOf}
        onOpenChange={onOpenChange}
        title={t('files.title', { year: taxYear })}
        closeLabel={t('common:actions.close')}
      >
        {files.length === 0 ? (
          <p className="text-sm text-slate-700">{t('files.none', { year: taxYear })}</p>
        ) : (
          <ul className="space-y-2">
            {files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
                <div>
                  <a href={file.blobUrl} download={file.name} className="font-medium break-all text-brand-700 underline">
                    {file.name}
                  </a>
                  <p className="text-slate-700">
                    {t(`categories:names.${file.categoryId}`, { defaultValue: file.categoryName })} · {formatKb(file.size)} ·{' '}
                    {date(file.uploadedAt)} · {t('files.version', { version: file.version })}
                  </p>
                </div>
                <Button variant="secondary" onClick={() => setHistoryOf(file)} aria-label={t('files.historyOf', { name: file.name })}>
                  {t('files.history')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      {historyOf && <VersionHistory file={historyOf} onClose={() => setHistoryOf(undefined)} date={date} />}
    </>
  );
}

function VersionHistory({ file, onClose, date }: { file: FileRecord; onClose: () => void; date: (iso: string) => string }) {
  const { t } = useTranslation('dashboard');
  const history = useFileHistory(file.id);
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t('files.historyTitle', { name: file.name })} closeLabel={t('common:actions.close')}>
      {history.isPending && <p role="status">{t('files.loading')}</p>}
      {history.isError && <p role="alert">{t('files.historyFailed')}</p>}
      <ol className="space-y-2">
        {history.data?.map((entry) => (
          <li key={entry.version} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
            <span>
              {t('files.version', { version: entry.version })} · {date(entry.createdAt)} · {formatKb(entry.size)}
            </span>
            <a href={entry.blobUrl} download={entry.filename} className="font-medium text-brand-700 underline">
              {t('files.download')}
            </a>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
