import type { UploadResponse } from '@taxli/domain';
import { ApiError } from '../../../lib/api-client';
import { appEvents, emitAppEvent } from '../../../lib/app-events';

export interface UploadRequest {
  categoryId: number;
  taxYear: number;
  files: File[];
  hashes: string[];
  onProgress: (percent: number) => void;
}

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
    xhr.open('POST', '/api/files/upload');
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
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      if (xhr.status === 401) {
        emitAppEvent(appEvents.sessionExpired);
        return reject(new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again'));
      }
      if (xhr.status !== 200) {
        return reject(new ApiError(xhr.status, error?.code ?? 'UPLOAD_FAILED', error?.message ?? `Upload failed with status: ${xhr.status}`));
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
