import { useMutation } from '@tanstack/react-query';
import type { SendMessageResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';

/** POST /api/send-message: a note to the tax experts (the server trims it and refuses a blank one). */
export function sendMessage(message: string): Promise<SendMessageResponse> {
  return api.post<SendMessageResponse>('/api/send-message', { message });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
