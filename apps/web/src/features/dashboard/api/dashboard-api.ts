import { queryOptions } from '@tanstack/react-query';
import { eventListResponse } from '@ani/contract/events';
import { createWeddingResponse, weddingInfoResponse, type CreateWeddingInput } from '@ani/contract/weddings';
import { apiRequest } from '../../../lib/api-client';

// Same key as the events page's list, so both screens share one cache entry and one refetch.
export const dashboardEventsQuery = () =>
  queryOptions({
    queryKey: ['events'] as const,
    queryFn: ({ signal }) => apiRequest('/events', { schema: eventListResponse, signal }).then((r) => r.events),
  });

/** POST /api/weddings/create: the event and its wedding in one call; the form shows its own failure toast. */
export function createWedding(body: CreateWeddingInput) {
  return apiRequest('/weddings/create', { backend: 'wedding', method: 'POST', body, schema: createWeddingResponse, errorToast: false });
}

/** The host's wedding, or null when the host has events but never created a wedding (404). */
export const dashboardWeddingQuery = (username: string) =>
  queryOptions({
    queryKey: ['wedding', username] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/weddings/info?username=${encodeURIComponent(username)}`, {
        backend: 'wedding',
        schema: weddingInfoResponse,
        signal,
        errorToast: false,
      }).then((r) => r.wedding),
    retry: false,
  });
