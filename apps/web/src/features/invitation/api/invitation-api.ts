import { queryOptions } from '@tanstack/react-query';
import { weddingInfoResponse } from '@ani/contract/weddings';
import { whatsappStatusResponse } from '@ani/contract/whatsapp';
import { apiRequest } from '../../../lib/api-client';

export const invitationWeddingQuery = (username: string) =>
  queryOptions({
    queryKey: ['wedding', username] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/weddings/info?username=${encodeURIComponent(username)}`, { backend: 'wedding', schema: weddingInfoResponse, signal, errorToast: false })
        .then((r) => r.wedding),
    retry: false,
  });

export const sendingProgressQuery = (weddingId: string) =>
  queryOptions({
    queryKey: ['whatsapp-status', weddingId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/weddings/whatsapp-status?weddingId=${encodeURIComponent(weddingId)}`, { backend: 'wedding', schema: whatsappStatusResponse, signal, errorToast: false }),
    refetchInterval: 15_000,
    retry: false,
  });
