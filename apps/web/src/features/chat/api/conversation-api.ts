import { queryOptions } from '@tanstack/react-query';
import { conversationResponse } from '@ani/contract/whatsapp';
import { apiRequest } from '../../../lib/api-client';

/** While the dialog is open the conversation is polled, so a guest's reply shows up without reopening. */
const chatPollMs = 5000;

export const conversationQuery = (weddingId: string, phone: string) =>
  queryOptions({
    queryKey: ['conversation', weddingId, phone] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/webhook/conversations/${encodeURIComponent(weddingId)}/${encodeURIComponent(phone)}`, {
        backend: 'wedding',
        schema: conversationResponse,
        signal,
        errorToast: false,
      }).then((r) => r.messages),
    refetchInterval: chatPollMs,
    retry: false,
  });
