import { pathFor, type MultipartBody, type RouteSpec } from '@taxli/domain';
import { ApiError, errorFromAnswer } from './api-client';

/** The spec's 30 s upload timeout, counted from the last sign of progress, not from the start. */
const IDLE_TIMEOUT_MS = 30_000;

export interface FormPost {
  /** A multipart route of the route table. */
  route: RouteSpec & { body: MultipartBody };
  /** The route's path parameters, when it has any (the expert's prepared return: userId, taxYear). */
  params?: Record<string, string | number>;
  form: FormData;
  /** Whole percent of the bytes sent so far. */
  onProgress: (percent: number) => void;
}

/**
 * POSTs a multipart form with real progress: XMLHttpRequest, because fetch reports no upload
 * progress. Shared by the dashboard's upload, Advanced Tax Information's and the expert's prepared
 * return. Resolves with the parsed JSON of a 2xx answer (undefined when it has none; the prepared
 * return answers 201 Created); anything else becomes an ApiError
 * through `errorFromAnswer` (a 401 there raises the session-expired event), and the row names the
 * ended session whatever the 401's body says.
 */
export function postFormWithProgress({ route, params, form, onProgress }: FormPost): Promise<unknown> {
  const path = pathFor(route, params);
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
    xhr.open(route.method, path);
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
      if (xhr.status < 200 || xhr.status > 299) {
        const answer = { status: xhr.status, statusText: xhr.statusText, text: xhr.responseText };
        const failed = errorFromAnswer(path, answer, { code: 'UPLOAD_FAILED', message: `Upload failed with status: ${xhr.status}` });
        return reject(failed.status === 401 ? new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again') : failed);
      }
      resolve(body);
    };
    armTimer();
    xhr.send(form);
  });
}
