import { ChevronDown, FileText, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADVANCED_UPLOAD_EXTENSIONS, type FileRecord } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { DropZone } from '../../components/ui/drop-zone';
import { Switch } from '../../components/ui/switch';
import { formatFileSize } from '../../lib/file-size';
import { swissLocale } from '../../lib/swiss-locale';
import { useDocumentUpload } from './use-document-upload';

interface DocumentEntryProps {
  taxYear: number;
  categoryId: number;
  relevant: boolean;
  onRelevantChange: (relevant: boolean) => void;
  /** The year's files of this category. */
  files: FileRecord[];
  /** The category name's heading level, one below the heading the entry sits under. */
  headingLevel: 3 | 4;
}

/**
 * One document category (part 2 §2 Document entries): relevant or not (saved on the server, D6),
 * expanded or collapsed (this browser only), its files and an upload of one file at a time, which
 * only a relevant category offers.
 */
export function DocumentEntry({ taxYear, categoryId, relevant, onRelevantChange, files, headingLevel }: DocumentEntryProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { t, i18n } = useTranslation('advanced');
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useDocumentUpload(taxYear, categoryId);
  const locale = swissLocale(i18n.language);
  const uploading = upload.row?.status === 'uploading';
  const failure = upload.row?.status === 'error' ? upload.row.reason : undefined;
  const errorId = `${id}-upload-error`;

  /** Picked or dropped, each file goes the same way; several dropped go one after another (one upload at a time here). */
  async function send(chosen: File[]) {
    setExpanded(true);
    for (const file of chosen) await upload.start(file);
  }

  return (
    <li className={cn('rounded-lg border', relevant ? 'border-slate-200 bg-white' : 'border-dashed border-slate-400 bg-slate-50')}>
      <DropZone
        onFiles={(dropped) => void send(dropped)}
        activeLabel={t('documents.dropActive', { category: upload.category })}
        disabled={!relevant || uploading}
        className="p-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Heading id={`${id}-name`} className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
            <FileText aria-hidden className="size-4 shrink-0 text-slate-600" />
            <span className="break-words">{upload.category}</span>
          </Heading>
          <span className="text-sm text-slate-700">{t('documents.fileCount', { count: files.length })}</span>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="flex items-center gap-2">
            <Switch id={`${id}-relevant`} checked={relevant} onCheckedChange={onRelevantChange} aria-describedby={`${id}-name`} />
            <label htmlFor={`${id}-relevant`} className="text-sm text-slate-800">
              {relevant ? t('documents.relevant') : t('documents.notRelevant')}
            </label>
          </div>
          <input
            ref={input}
            type="file"
            name={`document-${categoryId}`}
            hidden
            accept={ADVANCED_UPLOAD_EXTENSIONS.join(',')}
            data-testid={`upload-input-${categoryId}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send([file]);
            }}
          />
          <Button
            variant="secondary"
            disabled={!relevant || uploading}
            // A refused file is said at this button, as a field's error is at its field (issue 28).
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}-name ${errorId}` : `${id}-name`}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden className="size-4" />
            {t('documents.upload')}
          </Button>
          <Button variant="ghost" aria-expanded={expanded} aria-controls={`${id}-files`} aria-describedby={`${id}-name`} onClick={() => setExpanded((open) => !open)}>
            <ChevronDown aria-hidden className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
            {expanded ? t('documents.hideFiles') : t('documents.showFiles')}
          </Button>
        </div>
        {!relevant && <p className="mt-2 text-sm text-slate-700">{t('documents.notRelevantHint')}</p>}
        {upload.row && (
          <div className="mt-3 rounded-md border border-slate-200 p-3 text-sm" aria-live="polite">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium break-all text-slate-900">{upload.row.fileName}</span>
              <span className="text-slate-700">{formatFileSize(upload.row.size, i18n.language)}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t('upload.progressOf', { name: upload.row.fileName })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.row.progress}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className={upload.row.status === 'error' ? 'h-full bg-red-700' : 'h-full bg-brand-600'} style={{ width: `${upload.row.progress}%` }} />
            </div>
            <div className="mt-2 flex items-center justify-between gap-2">
              <span className={upload.row.status === 'error' ? 'text-red-800' : 'text-slate-700'}>
                {upload.row.status === 'error' ? (
                  <span id={errorId}>{failure ? t('upload.rowFailedBecause', { reason: failure }) : t('upload.rowFailed')}</span>
                ) : (
                  `${upload.row.progress.toFixed(1)}% · ${t(`upload.status.${upload.row.status}`)}`
                )}
              </span>
              {upload.row.status === 'error' && (
                <Button variant="ghost" aria-label={t('upload.dismiss')} onClick={upload.dismiss}>
                  <X aria-hidden className="size-4" />
                </Button>
              )}
            </div>
          </div>
        )}
        <div id={`${id}-files`} hidden={!expanded} className="mt-3">
          {files.length === 0 ? (
            <p className="text-sm text-slate-700">{t('documents.noFiles')}</p>
          ) : (
            <ul aria-label={t('documents.filesOf', { category: upload.category })} className="divide-y divide-slate-100 text-sm">
              {files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <a href={file.blobUrl} className="font-medium break-all text-brand-700 underline-offset-4 hover:underline">
                    {file.originalFileName}
                  </a>
                  <span className="text-slate-700">
                    {formatFileSize(file.size, i18n.language)} · {new Date(file.uploadedAt).toLocaleDateString(locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DropZone>
    </li>
  );
}
