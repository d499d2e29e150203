import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILES_PER_UPLOAD, uploadSizeProblem, uploadTypeProblem } from '@taxli/domain';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/error-text';
import { formatFileSize } from '../../../lib/file-size';
import { defaultHasher } from '../../../lib/hashing/hash-file';
import { queryKeys } from '../../../lib/query-keys';
import { checkSession } from '../../../lib/session';
import { useAnnounceReads } from '../../../lib/recognised/use-announce-reads';
import { uploadFiles } from './upload-files';

export interface UploadItem {
  id: number;
  file: File;
  /** The year the file was chosen for: a retry after a year switch still goes there. */
  taxYear: number;
  categoryId: number;
  progress: number;
  status: 'uploading' | 'success' | 'error';
  error?: string;
  /** False when sending the same file again cannot help (empty, too large, a refused type or name). */
  retryable?: boolean;
}

/** Refusals about the file itself: a Retry would only be refused again. */
const FINAL_REFUSALS: readonly string[] = ['FILE_TOO_LARGE', 'EMPTY_FILE', 'UNSUPPORTED_FILE_TYPE', 'INVALID_FILE_NAME'];

/** A success row stays 2 s, then clears (part 1 §2). */
const CLEAR_AFTER_MS = 2000;
let nextId = 1;

/**
 * The upload list and what feeds it: session check, hashing, one request per batch with real
 * progress, an outcome per file, retry of one failed file, toasts of part 1 §8. The list shows the
 * rows of the year on screen; each row keeps its own year.
 */
export function useUploads(taxYear: number) {
  const { t, i18n } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const announceReads = useAnnounceReads();

  const update = (ids: number[], change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (ids.includes(item.id) ? { ...item, ...change } : item)));

  const refresh = useCallback(
    (year: number) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(year) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(year) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.storageUsage });
      // A file in a requested category fulfils the expert's request (issue 27): the panel drops it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.returnProgress(year) });
    },
    [queryClient],
  );

  /**
   * Each upload first asks the session check (part 1 §8); its "signed out" raises the session-expired
   * event there, as a 401 would. Only the server's "not signed in" ends the session: a check that gets
   * no answer proves nothing, so the upload goes ahead, and if the network is really gone, it fails
   * with a Retry of its own.
   */
  async function sessionHasEnded(): Promise<boolean> {
    try {
      return !(await checkSession(queryClient)).isAuthenticated;
    } catch {
      return false;
    }
  }

  /** Why a file was refused; one too large names its own size, not only the limit it broke. */
  function refusalText(code: string, file: File, reason?: string): string {
    if (code === 'FILE_TOO_LARGE') return t('upload.tooLarge', { size: formatFileSize(file.size, i18n.language, 'up') });
    return t(`errors:codes.${code}`, { defaultValue: reason });
  }

  async function send(chosen: UploadItem[]): Promise<void> {
    const { taxYear, categoryId } = chosen[0]!;
    // Over 50 MB, empty, or a name not on the list of D7 (the picker offers only those, but "All
    // files" is a click away): refused here at once, not hashed and sent only for the server to
    // refuse it (and, as the first file of a request, to end the request with 413 for the others too).
    const refusals = chosen.map((item) => ({ item, code: uploadSizeProblem(item.file.size) ?? uploadTypeProblem('dashboard', item.file.name) }));
    for (const { item, code } of refusals) {
      if (code) update([item.id], { status: 'error', error: refusalText(code, item.file), retryable: false });
    }
    const batch = refusals.filter(({ code }) => !code).map(({ item }) => item);
    // Each row says why its file failed; the toast gives the outcome of the whole selection and
    // does not say it again (part 1 §8's 'Upload failed', 'Please try again' only where it can help).
    if (batch.length === 0) {
      toast({ title: t('upload.failed'), variant: 'destructive' });
      return;
    }
    const ids = batch.map((item) => item.id);
    if (await sessionHasEnded()) {
      update(ids, { status: 'error', error: t('upload.sessionExpired') });
      return;
    }
    try {
      const hashes = await Promise.all(batch.map((item) => defaultHasher(item.file)));
      const answer = await uploadFiles({
        categoryId,
        taxYear,
        files: batch.map((item) => item.file),
        hashes,
        onProgress: (progress) => update(ids, { progress }),
      });
      const succeeded: number[] = [];
      let canRetry = false;
      batch.forEach((item, index) => {
        const result = answer.files[index];
        if (result?.status === 'fulfilled') {
          succeeded.push(item.id);
          return update([item.id], { status: 'success', progress: 100 });
        }
        const retryable = !result || !FINAL_REFUSALS.includes(result.code);
        canRetry ||= retryable;
        if (!result) return update([item.id], { status: 'error', error: t('upload.notInResponse') });
        update([item.id], { status: 'error', error: refusalText(result.code, item.file, result.reason), retryable });
      });
      setTimeout(() => setItems((all) => all.filter((item) => !succeeded.includes(item.id))), CLEAR_AFTER_MS);
      refresh(taxYear);
      const failed = chosen.length - succeeded.length;
      if (failed === 0) toast({ title: t('upload.success', { count: succeeded.length }), variant: 'success' });
      else if (succeeded.length > 0) {
        toast({ title: t('upload.partial'), description: t('upload.partialCounts', { succeeded: succeeded.length, failed }) });
      } else toast({ title: t('upload.failed'), description: canRetry ? t('upload.tryAgain') : undefined, variant: 'destructive' });
      // The server stores no AHV number typed into a file name (D12): the person learns the name kept.
      const masked = answer.files.flatMap((result) => (result.status === 'fulfilled' && result.value.ahvNumberMasked ? [result.value.originalFileName] : []));
      if (masked.length > 0) toast({ title: t('upload.ahvMasked', { names: masked.join(', ') }) });
      // Not after the AHV notice: one toast at a time, and that one matters more (the inbox tells the read).
      else announceReads(answer.files.flatMap((result) => (result.status === 'fulfilled' ? [result.value.fileId] : [])), taxYear);
    } catch (error) {
      update(ids, { status: 'error', error: errorText(t, error, t('upload.failed')) });
      toast({ title: t('upload.failed'), description: t('upload.tryAgain'), variant: 'destructive' });
    }
  }

  function start(files: File[], categoryId: number): void {
    const chosen = files.map((file): UploadItem => ({ id: nextId++, file, taxYear, categoryId, progress: 0, status: 'uploading' }));
    setItems((all) => [...all, ...chosen]);
    // The server takes at most MAX_FILES_PER_UPLOAD files per request: a larger selection goes in
    // several requests, one after another.
    void (async () => {
      for (let at = 0; at < chosen.length; at += MAX_FILES_PER_UPLOAD) await send(chosen.slice(at, at + MAX_FILES_PER_UPLOAD));
    })();
  }

  function retry(id: number): void {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item) return;
    const again = { ...item, status: 'uploading' as const, progress: 0, error: undefined };
    update([id], again);
    void send([again]);
  }

  /** A failed row goes when the person has read it (success rows clear by themselves). */
  function dismiss(id: number): void {
    setItems((all) => all.filter((item) => item.id !== id));
  }

  return { items: items.filter((item) => item.taxYear === taxYear), start, retry, dismiss };
}
