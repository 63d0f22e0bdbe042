import { queryOptions } from '@tanstack/react-query';
import { eventListResponse } from '@ani/contract/events';
import { profileResponse } from '@ani/contract/users';
import { weddingInfoResponse } from '@ani/contract/weddings';
import { whatsappStatusResponse } from '@ani/contract/whatsapp';
import { ApiError, apiRequest } from './api-client';

/**
 * Data several features read: one key and one fetch each, so every screen shares the cached copy and an
 * invalidation after a change reaches all of them. A feature's own data keeps its keys in the feature.
 */
export const queryKeys = {
  me: ['users', 'me'] as const,
  events: ['events'] as const,
  /** Every wedding entry (to invalidate after a change to the wedding); `wedding(username)` is one. */
  weddings: ['wedding'] as const,
  wedding: (username: string) => ['wedding', username] as const,
  whatsappStatus: (weddingId: string) => ['whatsapp-status', weddingId] as const,
};

/**
 * GET /api/users/me — the signed-in host's account as the server has it now: the profile shows it,
 * and the album's storage notes follow a deletion the host has asked for.
 */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  // The profile says so itself when this fails; the storage notes keep their usual text.
  queryFn: ({ signal }) =>
    apiRequest('/users/me', {
      schema: profileResponse.pick({ success: true, user: true }),
      signal,
      errorToast: false,
    }),
});

/**
 * GET /api/events — the signed-in host's events. A failure is told in one toast while it lasts: the
 * automatic retry, each page of the dashboard that mounts and asks again, and a page's own retry button
 * fail the same way, and every page that needs the list shows the failure itself.
 */
export const eventsQuery = () =>
  queryOptions({
    queryKey: queryKeys.events,
    queryFn: ({ signal, client }) => {
      const state = client.getQueryState(queryKeys.events);
      const toldAlready =
        state !== undefined && (state.fetchFailureCount > 0 || state.errorUpdatedAt > state.dataUpdatedAt);
      return apiRequest('/events', { schema: eventListResponse, signal, errorToast: !toldAlready }).then(
        (r) => r.events,
      );
    },
  });

/**
 * GET /api/weddings/info — the host's wedding. 404 means "no wedding yet", an answer rather than a failure,
 * so it is not retried; each screen shows its own state for it, so the generic error toast is off.
 */
export const weddingInfoQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.wedding(username),
    queryFn: ({ signal }) =>
      apiRequest(`/weddings/info?username=${encodeURIComponent(username)}`, {
        backend: 'wedding',
        schema: weddingInfoResponse,
        signal,
        errorToast: false,
      }).then((r) => r.wedding),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

/** Delivery counts and whether WhatsApp is connected at all; refreshed while a screen shows them. */
export const whatsappStatusQuery = (weddingId: string) =>
  queryOptions({
    queryKey: queryKeys.whatsappStatus(weddingId),
    queryFn: ({ signal }) =>
      apiRequest(`/weddings/whatsapp-status?weddingId=${encodeURIComponent(weddingId)}`, {
        backend: 'wedding',
        schema: whatsappStatusResponse,
        signal,
        errorToast: false,
      }),
    refetchInterval: 15_000,
    retry: false,
  });
