import { queryOptions } from '@tanstack/react-query';
import { eventListResponse } from '@ani/contract/events';
import { weddingInfoResponse } from '@ani/contract/weddings';
import { apiRequest } from '../../../lib/api-client';

// Same keys as the dashboard and guest pages, so the cache is shared across screens.
export const qrEventsQuery = () =>
  queryOptions({
    queryKey: ['events'] as const,
    queryFn: ({ signal }) => apiRequest('/events', { schema: eventListResponse, signal }).then((r) => r.events),
  });

/** The couple's names for the printed cards; a host without a wedding still gets cards with the event title. */
export const qrWeddingQuery = (username: string) =>
  queryOptions({
    queryKey: ['wedding', username] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/weddings/info?username=${encodeURIComponent(username)}`, { backend: 'wedding', schema: weddingInfoResponse, signal, errorToast: false })
        .then((r) => r.wedding),
    retry: false,
  });
