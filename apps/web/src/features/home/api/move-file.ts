import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type MoveFileBody, type MoveFileResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshAfterDocumentChange } from './documents-changed';

export interface MoveFileInput extends MoveFileBody {
  fileId: number;
}

/** PATCH /api/files/{id}: the file, all its versions, to another category (D3 ids, D7). */
export function moveFile({ fileId, categoryId }: MoveFileInput): Promise<MoveFileResponse> {
  return callApi(routes.moveFile, { params: { id: fileId }, body: { categoryId } });
}

export function useMoveFile(taxYear: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveFile,
    // Not awaited: the caller's own callbacks (toast, closing its dialog) run before the refreshed
    // list removes the row that holds them.
    onSuccess: (_answer, { fileId }) => void refreshAfterDocumentChange(queryClient, taxYear, fileId),
  });
}
