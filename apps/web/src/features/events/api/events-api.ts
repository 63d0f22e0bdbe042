import { queryOptions } from '@tanstack/react-query';
import { eventResponse, type Event } from '@ani/contract/events';
import { photosResponse } from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries';

// Under the shared events key, so invalidating the events list refreshes the previews too.
const eventsKeys = {
  preview: (eventId: string) => [...queryKeys.events, eventId, 'preview'] as const,
};

/** The İçerik tab's first 4 items as thumbnails (4 fetched, 3 shown: the fourth tells whether there are more). The tab reports a failure itself. */
export const previewPhotosQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventsKeys.preview(eventId),
    queryFn: ({ signal }) =>
      apiRequest(
        // Approved items only, like the album: what waits for approval is reviewed there, not previewed here.
        `/events/${encodeURIComponent(eventId)}/photos?page=1&limit=${limits.previewFetchCount}&thumbnail=true&status=approved`,
        { schema: photosResponse, signal, errorToast: false },
      ),
  });

export interface CreateEventPayload {
  title: string;
  eventDate: string;
  description: string | null;
}

/** POST /api/events. The page shows its own inline failure, so the generic toast is off. */
export function createEvent(payload: CreateEventPayload) {
  return apiRequest('/events', {
    method: 'POST',
    body: payload,
    schema: eventResponse,
    errorToast: false,
  }).then((r) => r.event);
}

/** GET /api/events/{id}: one event read again after its settings were saved; the caller reports a failure. */
export function fetchEvent(eventId: string) {
  return apiRequest(`/events/${encodeURIComponent(eventId)}`, {
    schema: eventResponse,
    errorToast: false,
  }).then((r) => r.event);
}

/** POST /api/events/update with every field the settings screen owns. */
export function updateEvent(
  event: Event,
  patch: Pick<Event, 'isGalleryPublic' | 'canAddPhotos'> & Partial<Pick<Event, 'autoApprovePhotos'>>,
) {
  return apiRequest('/events/update', {
    method: 'POST',
    body: {
      eventId: event.id,
      title: event.title,
      eventDate: event.eventDate,
      description: event.description,
      autoApprovePhotos: event.autoApprovePhotos,
      ...patch,
    },
    schema: eventResponse,
    errorToast: false,
  }).then((r) => r.event);
}
