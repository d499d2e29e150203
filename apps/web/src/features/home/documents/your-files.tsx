import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatFileSize } from '../../../lib/file-size';
import { FileVersionsDialog } from '../../../components/documents/file-versions-dialog';
import { AddedAfterTransmission } from '../../../components/documents/added-after-transmission';
import { useTransmitReview } from '../../../lib/transmission';
import { DeleteButton, MoveButton } from './file-actions';
import { swissLocale } from '../../../lib/swiss-locale';

interface YourFilesProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  taxYear: number;
  files: FileRecord[];
  /** The year is transmitted: its files can no longer be deleted or moved (D7). */
  frozen: boolean;
}

/** Says why Delete and Move are disabled; the buttons name it with aria-describedby. */
function FrozenHint({ id }: { id: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <p id={id} className="mb-3 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
      {t('files.manage.frozen')}
    </p>
  );
}

/**
 * The year's files with category, size and date; each one's versions in a second dialog. Until the
 * year is transmitted a file can be deleted or moved here, and a version deleted in its history.
 */
export function YourFiles({ open, onOpenChange, taxYear, files, frozen }: YourFilesProps) {
  const { t, i18n } = useTranslation(['dashboard', 'categories']);
  const [historyOf, setHistoryOf] = useState<FileRecord>();
  const hintId = useId();
  const frozenHintId = frozen ? hintId : undefined;
  const date = (iso: string) => new Date(iso).toLocaleString(swissLocale(i18n.language));
  // Once transmitted, which versions the transmission sent: a later file is never shown as sent.
  const review = useTransmitReview(taxYear, frozen && open).data;
  // Closed, nothing of it is built: a row per file, each with its size and date formatted (the
  // page's first number and date formats cost a phone tens of milliseconds), on every render of the
  // dashboard as its answers arrive (docs/performance.md, "A slower host").
  if (!open) return null;
  return (
    <>
      <Dialog
        open={open && !historyOf}
        onOpenChange={onOpenChange}
        title={t('files.title', { year: taxYear })}
        closeLabel={t('common:actions.close')}
      >
        {frozen && files.length > 0 && <FrozenHint id={hintId} />}
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
                    {t(`categories:names.${file.categoryId}`, { defaultValue: file.categoryName })} · {formatFileSize(file.size, i18n.language)} ·{' '}
                    {date(file.uploadedAt)} · {t('files.version', { version: file.version })}
                  </p>
                  <AddedAfterTransmission review={review} file={file} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setHistoryOf(file)} aria-label={t('files.historyOf', { name: file.name })}>
                    {t('files.history')}
                  </Button>
                  <MoveButton taxYear={taxYear} file={file} frozenHintId={frozenHintId} />
                  <DeleteButton taxYear={taxYear} file={file} frozenHintId={frozenHintId} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      {historyOf && <VersionHistory file={historyOf} taxYear={taxYear} frozen={frozen} onClose={() => setHistoryOf(undefined)} />}
    </>
  );
}

interface VersionHistoryProps {
  file: FileRecord;
  taxYear: number;
  frozen: boolean;
  onClose: () => void;
}

/** The shared version dialog, with Delete per version until the year is transmitted (D7). */
function VersionHistory({ file, taxYear, frozen, onClose }: VersionHistoryProps) {
  const hintId = useId();
  return (
    <FileVersionsDialog
      file={file}
      onClose={onClose}
      notice={frozen && <FrozenHint id={hintId} />}
      actions={(entry) => (
        <DeleteButton
          taxYear={taxYear}
          file={file}
          version={entry.version}
          frozenHintId={frozen ? hintId : undefined}
          // The last version took the file with it: there is no history left to show.
          onDeleted={(answer) => answer.fileDeleted && onClose()}
        />
      )}
    />
  );
}
