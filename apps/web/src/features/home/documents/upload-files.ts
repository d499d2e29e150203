import type { UploadResponse } from '@taxli/domain';
import { ApiError, errorFromAnswer } from '../../../lib/api-client';

export interface UploadRequest {
  categoryId: number;
  taxYear: number;
  files: File[];
  hashes: string[];
  onProgress: (percent: number) => void;
}

const UPLOAD_PATH = '/api/files/upload';

/** The spec's 30 s upload timeout, counted from the last sign of progress, not from the start. */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * POST /api/files/upload with real progress: XMLHttpRequest, because fetch reports no upload
 * progress. Fields go first (categoryId, taxYear, one hash per file), then the files, so the
 * server checks them before it stores a byte.
 */
export function uploadFiles({ categoryId, taxYear, files, hashes, onProgress }: UploadRequest): Promise<UploadResponse> {
  const form = new FormData();
  form.append('categoryId', String(categoryId));
  form.append('taxYear', String(taxYear));
  for (const hash of hashes) form.append('hashes[]', hash);
  for (const file of files) form.append('files', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => xhr.abort(), IDLE_TIMEOUT_MS);
    };
    const fail = (error: ApiError) => {
      clearTimeout(timer);
      reject(error);
    };
    xhr.open('POST', UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      armTimer();
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => fail(new ApiError(0, 'NETWORK_ERROR', 'Network error occurred'));
    xhr.onabort = () => fail(new ApiError(0, 'REQUEST_TIMEOUT', 'Request timed out. Please try again.'));
    xhr.onload = () => {
      clearTimeout(timer);
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status !== 200) {
        const answer = { status: xhr.status, statusText: xhr.statusText, text: xhr.responseText };
        const failed = errorFromAnswer(UPLOAD_PATH, answer, { code: 'UPLOAD_FAILED', message: `Upload failed with status: ${xhr.status}` });
        // The row names the ended session, whatever the 401's body says.
        return reject(failed.status === 401 ? new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again') : failed);
      }
      if (!body || !Array.isArray((body as UploadResponse).files)) {
        return reject(new ApiError(xhr.status, 'INVALID_RESPONSE', 'Invalid JSON response from server'));
      }
      onProgress(100);
      resolve(body as UploadResponse);
    };
    armTimer();
    xhr.send(form);
  });
}
