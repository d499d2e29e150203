import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes, urlFor, type ClientFileVersion } from '@taxli/domain';
import { cn } from '../../../components/ui/cn';
import { formatFileSize } from '../../../lib/file-size';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import type { ReturnRef } from '../api/take-return';
import { FileSection } from './parts';

/** The versions by category, in the order the categories first appear; within one, by file name, newest version first. */
function byCategory(files: ClientFileVersion[]): Array<{ categoryId: number; categoryName: string; files: ClientFileVersion[] }> {
  const groups = new Map<number, { categoryId: number; categoryName: string; files: ClientFileVersion[] }>();
  for (const file of files) {
    const group = groups.get(file.categoryId) ?? { categoryId: file.categoryId, categoryName: file.categoryName, files: [] };
    group.files.push(file);
    groups.set(file.categoryId, group);
  }
  for (const group of groups.values()) group.files.sort((a, b) => a.fileName.localeCompare(b.fileName) || b.version - a.version);
  return [...groups.values()].sort((a, b) => a.categoryId - b.categoryId);
}

/**
 * Every stored version of the year (D7): what the transmission froze and what the person added
 * after it, marked; each downloads on its own (audited), or all of them as one ZIP.
 */
export function DocumentsSection({ returnRef, files }: { returnRef: ReturnRef; files: ClientFileVersion[] }) {
  const { t, i18n } = useTranslation('expert');
  const params = { userId: returnRef.userId, taxYear: returnRef.taxYear };
  return (
    <FileSection id="documents" title={t('file.sections.documents')}>
      {files.length === 0 ? (
        <p className="text-sm text-slate-700">{t('file.documents.none')}</p>
      ) : (
        <>
          <a
            href={urlFor(routes.expertDocumentsZip, { params })}
            download
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            <Download aria-hidden className="size-4" />
            {t('file.documents.zip')}
          </a>
          {byCategory(files).map((group) => {
            const category = t(`categories:names.${group.categoryId}`, { defaultValue: group.categoryName });
            return (
              <div key={group.categoryId} className="space-y-2">
                <h3 className="text-lg font-semibold text-slate-900">{category}</h3>
                <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={category}>
                  {group.files.map((file) => (
                    <li key={file.versionId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                      <span className="min-w-0 space-y-1">
                        <a
                          href={urlFor(routes.expertDocument, { params: { ...params, versionId: file.versionId } })}
                          download
                          className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
                        >
                          {file.fileName}
                          <span className="sr-only">, {t('file.documents.version', { version: file.version })}</span>
                        </a>
                        <span className="block text-slate-700">
                          {t('file.documents.version', { version: file.version })} · {formatFileSize(file.size, i18n.language)} ·{' '}
                          {formatSwissMoment(file.uploadedAt, i18n.language)}
                        </span>
                      </span>
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 text-xs font-semibold',
                          file.transmitted ? 'bg-slate-100 text-slate-800' : 'bg-amber-100 text-amber-900',
                        )}
                      >
                        {file.transmitted ? t('file.documents.transmitted') : t('file.documents.addedAfter')}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </>
      )}
    </FileSection>
  );
}
