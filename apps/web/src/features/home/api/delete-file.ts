import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type DeleteFileResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshAfterDocumentChange } from './documents-changed';

export interface DeleteFileInput {
  fileId: number;
  /** One version only; without it, the whole file. */
  version?: number;
}

/** DELETE /api/files/{id} or /api/files/{id}/versions/{n}: allowed until the year is transmitted (D7). */
export function deleteFile({ fileId, version }: DeleteFileInput): Promise<DeleteFileResponse> {
  return version === undefined
    ? callApi(routes.deleteFile, { params: { id: fileId } })
    : callApi(routes.deleteFileVersion, { params: { id: fileId, version } });
}

export function useDeleteFile(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    // Not awaited: the caller's own callbacks (toast, closing its dialog) run before the refreshed
    // list removes the row that holds them.
    onSuccess: (_answer, { fileId }) => void refreshAfterDocumentChange(queryClient, taxYear, fileId),
  });
}
