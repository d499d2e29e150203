import { routes, type UploadResponse } from '@taxli/domain';
import { ApiError } from '../../../lib/api-client';
import { postFormWithProgress } from '../../../lib/upload-request';

export interface DocumentUpload {
  file: File;
  hash: string;
  categoryId: number;
  categoryName: string;
  taxYear: number;
  onProgress: (percent: number) => void;
}

/**
 * POST /api/upload (part 2 §7): one file with `hashes` a JSON array holding its SHA-256, its
 * category and year. The fields go before the file, so the server checks them before it stores a
 * byte. A 200 is success unless the answer names the file as refused. Answers the stored file's id
 * when the answer names it (its read is watched for the toast, issue 29).
 */
export async function uploadDocument({ file, hash, categoryId, categoryName, taxYear, onProgress }: DocumentUpload): Promise<number | undefined> {
  const form = new FormData();
  form.append('categoryId', String(categoryId));
  form.append('categoryName', categoryName);
  form.append('taxYear', String(taxYear));
  form.append('hashes', JSON.stringify([hash]));
  form.append('files', file, file.name);
  const answer = (await postFormWithProgress({ route: routes.uploadAdvancedDocument, form, onProgress })) as Partial<UploadResponse> | undefined;
  const result = Array.isArray(answer?.files) ? answer.files[0] : undefined;
  if (result?.status === 'rejected') throw new ApiError(200, result.code, result.reason);
  onProgress(100);
  return result?.status === 'fulfilled' && typeof result.value?.fileId === 'number' ? result.value.fileId : undefined;
}
