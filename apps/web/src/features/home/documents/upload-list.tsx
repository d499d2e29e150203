import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { formatFileSize } from '../../../lib/file-size';
import type { UploadItem } from './use-uploads';

interface UploadListProps {
  items: UploadItem[];
  onRetry: (id: number) => void;
  onDismiss: (id: number) => void;
}

/**
 * The rows under the uploader, at most 30vh high. The scroll box is a named region that takes the
 * focus, so that a keyboard can scroll it (axe: scrollable-region-focusable). A failed row says
 * "failed" and why (no percentage: nothing of it was stored), can be retried on its own unless a
 * retry cannot help, and stays until the person dismisses it.
 */
export function UploadList({ items, onRetry, onDismiss }: UploadListProps) {
  const { t, i18n } = useTranslation('dashboard');
  if (items.length === 0) return null;
  return (
    <div role="region" aria-label={t('upload.listLabel')} tabIndex={0} className="max-h-[30vh] overflow-y-auto rounded-md">
      <ul aria-label={t('upload.listLabel')} className="space-y-2">
        {items.map((item) => {
          const failed = item.status === 'error';
          return (
            <li key={item.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-all text-slate-900">{item.file.name}</span>
                <span className="text-slate-700">{formatFileSize(item.file.size, i18n.language, item.file.size > MAX_UPLOAD_BYTES ? 'up' : 'nearest')}</span>
              </div>
              {!failed && (
                <div
                  role="progressbar"
                  aria-label={t('upload.progressOf', { name: item.file.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                  className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full bg-brand-600" style={{ width: `${item.progress}%` }} />
                </div>
              )}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <span className={failed ? 'text-red-800' : 'text-slate-700'}>
                  {failed ? t('upload.status.error') : `${item.progress}% · ${t(`upload.status.${item.status}`)}`}
                  {item.error ? ` – ${item.error}` : ''}
                </span>
                {failed && (
                  <span className="flex flex-wrap gap-2">
                    {item.retryable !== false && (
                      <Button variant="secondary" onClick={() => onRetry(item.id)}>
                        {t('upload.retry')}
                      </Button>
                    )}
                    <Button variant="secondary" aria-label={t('upload.dismissOf', { name: item.file.name })} onClick={() => onDismiss(item.id)}>
                      {t('upload.dismiss')}
                    </Button>
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
