import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCategory, uploadSizeProblem, uploadTypeProblem } from '@taxli/domain';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { defaultHasher } from '../../lib/hashing/hash-file';
import { queryKeys } from '../../lib/query-keys';
import { checkSession } from '../../lib/session';
import { useAnnounceReads } from '../../lib/recognised/use-announce-reads';
import { uploadDocument } from './api/upload-document';
import { advancedKeys } from './api/keys';

export interface UploadRow {
  fileName: string;
  size: number;
  /** 0–100, one decimal. */
  progress: number;
  status: 'uploading' | 'success' | 'error';
  /** Why it failed, said at the category's upload until the next upload or Dismiss (issue 28). */
  reason?: string;
}

/** A success row stays 2 s, then goes and the file list is fetched again (part 2 §4 Upload lifecycle). */
const CLEAR_AFTER_MS = 2000;

/** Codes whose own text says more than the generic "Failed to upload file to …". */
const GENERIC_CODES = new Set(['HTTP_ERROR', 'UNKNOWN_ERROR', 'UPLOAD_FAILED', 'INVALID_RESPONSE', 'INTERNAL_ERROR']);

/** Progress as the spec shows it: capped at 100, one decimal. */
export const cappedProgress = (percent: number) => Math.min(100, Math.max(0, Math.round(percent * 10) / 10));

/**
 * One upload at a time into one category (part 2 §5, §7, §8): refused over 50 MB, empty or by a
 * name not on its list without a request (`uploadSizeProblem`, `uploadTypeProblem`), else the
 * session check, the SHA-256 in the worker, then POST /api/upload with real progress.
 */
export function useDocumentUpload(taxYear: number, categoryId: number) {
  const { t } = useTranslation(['advanced', 'categories', 'errors']);
  const queryClient = useQueryClient();
  const [row, setRow] = useState<UploadRow>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announceReads = useAnnounceReads();
  const category = t(`categories:names.${categoryId}`, { defaultValue: findCategory(categoryId)?.name ?? String(categoryId) });

  /** Part 2 §8's toast names the reason; the row keeps it at the upload, since a toast goes after 5 s (issue 28). */
  function failed(description: string): void {
    setRow((current) => current && { ...current, status: 'error', reason: description });
    toast({ title: t('upload.failedTitle'), description, variant: 'destructive' });
  }

  async function start(file: File): Promise<void> {
    clearTimeout(timer.current);
    const refusal = uploadSizeProblem(file.size);
    if (refusal === 'FILE_TOO_LARGE') {
      setRow({ fileName: file.name, size: file.size, progress: 0, status: 'error', reason: t('upload.tooLarge') });
      toast({ title: t('upload.tooLargeTitle'), description: t('upload.tooLarge'), variant: 'destructive' });
      return;
    }
    setRow({ fileName: file.name, size: file.size, progress: 0, status: 'uploading' });
    // The row says why, as the dashboard's does; it offers no retry, sending the file again cannot help.
    if (refusal === 'EMPTY_FILE') return failed(t('errors:codes.EMPTY_FILE'));
    if (uploadTypeProblem('advanced', file.name)) return failed(t('errors:advancedUpload.UNSUPPORTED_FILE_TYPE'));
    try {
      // Each upload asks the session check first (part 1 §8); only the server's "signed out" stops it.
      const session = await checkSession(queryClient).catch(() => undefined);
      if (session && !session.isAuthenticated) return failed(t('errors:codes.SESSION_EXPIRED'));
      const hash = await defaultHasher(file);
      const fileId = await uploadDocument({
        file,
        hash,
        categoryId,
        categoryName: findCategory(categoryId)?.name ?? category,
        taxYear,
        onProgress: (percent) => setRow((current) => current && { ...current, progress: cappedProgress(percent) }),
      });
      setRow((current) => current && { ...current, status: 'success', progress: 100 });
      toast({ title: t('upload.successTitle'), description: t('upload.success', { category }), variant: 'success' });
      if (fileId !== undefined) announceReads([fileId], taxYear);
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(taxYear) });
      void queryClient.invalidateQueries({ queryKey: advancedKeys.info(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.storageUsage });
      timer.current = setTimeout(() => setRow(undefined), CLEAR_AFTER_MS);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return failed(t('upload.networkError'));
      if (error instanceof ApiError && !GENERIC_CODES.has(error.code)) {
        // This upload's own text first (its list of types is not the dashboard's), then the code's.
        const known = t([`errors:advancedUpload.${error.code}`, `errors:codes.${error.code}`], { defaultValue: '' });
        if (known) return failed(known);
      }
      failed(t('upload.failedTo', { category }));
    }
  }

  return { row, start, dismiss: () => setRow(undefined), category };
}
