import { routes, type UploadResponse } from '@taxli/domain';
import { ApiError } from '../../../lib/api-client';
import { postFormWithProgress } from '../../../lib/upload-request';

export interface UploadRequest {
  categoryId: number;
  taxYear: number;
  files: File[];
  hashes: string[];
  onProgress: (percent: number) => void;
}

/**
 * POST /api/files/upload with real progress. Fields go first (categoryId, taxYear, one hash per
 * file), then the files, so the server checks them before it stores a byte.
 */
export async function uploadFiles({ categoryId, taxYear, files, hashes, onProgress }: UploadRequest): Promise<UploadResponse> {
  const form = new FormData();
  form.append('categoryId', String(categoryId));
  form.append('taxYear', String(taxYear));
  for (const hash of hashes) form.append('hashes[]', hash);
  for (const file of files) form.append('files', file, file.name);
  const body = await postFormWithProgress({ route: routes.uploadFiles, form, onProgress });
  if (!body || !Array.isArray((body as UploadResponse).files)) {
    throw new ApiError(200, 'INVALID_RESPONSE', 'Invalid JSON response from server');
  }
  onProgress(100);
  return body as UploadResponse;
}
