import { routes, type ExtractionResponse } from '@taxli/domain';
import { callApi } from '../api-client';

/** GET /api/files/:id/extraction: what was read out of a document's latest version (issue 29). */
export function getFileExtraction(fileId: number, signal?: AbortSignal): Promise<ExtractionResponse> {
  return callApi(routes.fileExtraction, { params: { id: fileId }, signal });
}
