import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatFileSize } from '../../../lib/file-size';
import type { UploadItem } from './use-uploads';

/** The rows under the uploader: at most 30vh high; a failed row can be retried on its own, unless a retry cannot help. */
export function UploadList({ items, onRetry }: { items: UploadItem[]; onRetry: (id: number) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('upload.listLabel')} className="max-h-[30vh] space-y-2 overflow-y-auto">
      {items.map((item) => (
        <li key={item.id} className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium break-all text-slate-900">{item.file.name}</span>
            <span className="text-slate-700">{formatFileSize(item.file.size, i18n.language)}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('upload.progressOf', { name: item.file.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={item.status === 'error' ? 'h-full bg-red-700' : 'h-full bg-brand-600'}
              style={{ width: `${item.progress}%` }}
            />
          </div>
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className={item.status === 'error' ? 'text-red-800' : 'text-slate-700'}>
              {item.progress}% · {t(`upload.status.${item.status}`)}
              {item.error ? ` – ${item.error}` : ''}
            </span>
            {item.status === 'error' && item.retryable !== false && (
              <Button variant="secondary" onClick={() => onRetry(item.id)}>
                {t('upload.retry')}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
