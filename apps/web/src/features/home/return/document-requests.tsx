import { FileQuestion, Upload } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { findCategory, type DocumentRequestSummary } from '@taxli/domain';
import { useHashTarget } from '../../../lib/use-hash-target';

/**
 * The documents the expert still asks for: the category (translated), the expert's note, and a
 * button that opens the file picker for that category, as the checklist's do (the dashboard's
 * upload takes the file from there; a file arriving in the category fulfils the request).
 * '/#document-requests' brings the list into view (a notification's or an e-mail's link).
 */
export function DocumentRequests({ requests, onUpload }: { requests: DocumentRequestSummary[]; onUpload: (categoryId: number) => void }) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const id = useId();
  const target = useHashTarget<HTMLDivElement>('document-requests');
  if (requests.length === 0) return null;
  return (
    <div id="document-requests" ref={target} tabIndex={-1} role="group" aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-2">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-slate-900">
        <FileQuestion aria-hidden className="size-5 shrink-0 text-amber-700" />
        {t('return.requests.heading', { count: requests.length })}
      </h3>
      <ul className="space-y-2">
        {requests.map((request) => {
          const name = t(`categories:names.${request.categoryId}`, { defaultValue: findCategory(request.categoryId)?.name ?? String(request.categoryId) });
          return (
            <li key={request.id} className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-semibold text-slate-900">{name}</p>
                {request.note && (
                  <p className="break-words whitespace-pre-wrap text-slate-800">
                    <span className="font-medium">{t('return.requests.note')}</span> {request.note}
                  </p>
                )}
              </div>
              <button
                type="button"
                aria-label={t('checklist.uploadTo', { name })}
                onClick={() => onUpload(request.categoryId)}
                className="inline-flex min-h-10 shrink-0 items-center justify-center gap-2 self-start rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
              >
                <Upload aria-hidden className="size-4" />
                {t('checklist.upload')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
