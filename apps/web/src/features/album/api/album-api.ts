import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { eventResponse, type Event } from '@ani/contract/events';
import {
  approvePhotosResponse,
  deletePhotosResponse,
  photosResponse,
  type PhotosResponse,
} from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries';

const albumKeys = {
  event: (eventId: string) => ['album', eventId, 'event'] as const,
  photos: (eventId: string) => ['album', eventId, 'photos'] as const,
  pending: (eventId: string) => ['album', eventId, 'pending'] as const,
  newest: (eventId: string) => ['album', eventId, 'newest'] as const,
};

/** GET /api/events/{id}. Its own failure screens replace the generic toast. */
export const albumEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: albumKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiRequest(`/events/${encodeURIComponent(eventId)}`, {
        schema: eventResponse,
        signal,
        errorToast: false,
      }).then((r) => r.event),
    retry: false,
  });

interface PageParam {
  page: number;
  nextToken: string | null;
}

/**
 * GET /api/events/{id}/photos with the given status, page after page: each page asks for the next
 * page number with the token the server returned on the previous one, until it returns none.
 */
function photoPagesQuery(
  queryKey: QueryKey,
  eventId: string,
  options: { status: 'approved' | 'pending'; limit: number; thumbnail: boolean },
) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: { page: 1, nextToken: null } as PageParam,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        page: String(pageParam.page),
        limit: String(options.limit),
        thumbnail: String(options.thumbnail),
        status: options.status,
      });
      if (pageParam.nextToken) params.set('nextToken', pageParam.nextToken);
      return apiRequest(`/events/${encodeURIComponent(eventId)}/photos?${params}`, {
        schema: photosResponse,
        signal,
        errorToast: false,
      });
    },
    getNextPageParam: (last, pages): PageParam | undefined =>
      last.nextToken ? { page: pages.length + 1, nextToken: last.nextToken } : undefined,
  });
}

/**
 * The album's items, 12 at a time. Only approved items: what awaits approval is listed apart
 * ("Onay Bekleyenler"), so the album shows what guests and the wall see.
 */
export const albumPhotosQuery = (eventId: string) => ({
  ...photoPagesQuery(albumKeys.photos(eventId), eventId, {
    status: 'approved',
    limit: limits.albumPageSize,
    thumbnail: false,
  }),
  // Signed media URLs last an hour; a long-open album refetches rather than showing broken images.
  staleTime: 30 * 60 * 1000,
});

/**
 * How often the owner's album asks about what waits for approval, while its tab is in front: the
 * review tab's badge (the counts below) and the list itself read again together, so the two never
 * disagree for long. Not while the tab is in the background (`refetchIntervalInBackground: false`);
 * coming back to the front reads at once (`refetchOnWindowFocus`).
 */
export const pendingPollMs = 10_000;

/**
 * The album's newest item (its id, null when empty) and its counts, read again every `pendingPollMs`
 * while the owner's album is open and when its tab comes back to the front: guests go on uploading
 * (and deleting) while the couple looks, and the page learns of it without the grid being pushed
 * around under the couple's finger.
 */
type AlbumNewest = { newestId: string | null; photoCount: number; pendingCount: number };

export const albumNewestQuery = (eventId: string) =>
  queryOptions({
    queryKey: albumKeys.newest(eventId),
    queryFn: ({ signal }) =>
      apiRequest(`/events/${encodeURIComponent(eventId)}/photos?page=1&limit=1&status=approved`, {
        schema: photosResponse,
        signal,
        errorToast: false,
      }).then((r) => ({
        newestId: r.photos[0]?.id ?? null,
        photoCount: r.photoCount,
        pendingCount: r.pendingCount,
      })),
    refetchInterval: pendingPollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/**
 * "Onay Bekleyenler": the items awaiting approval, oldest pages first from the server's cursor. The cards
 * show `thumbnailUrl`; `url` is the preview, which "büyük aç" opens for a photo a browser cannot show.
 */
export const pendingPhotosQuery = (eventId: string) =>
  photoPagesQuery(albumKeys.pending(eventId), eventId, {
    status: 'pending',
    limit: limits.photosMaxLimit,
    thumbnail: false,
  });

/** POST /api/events/{id}/photos/approve; the caller shows its own texts. */
export function approvePhotos(eventId: string, photoIds: string[]) {
  return apiRequest(`/events/${encodeURIComponent(eventId)}/photos/approve`, {
    method: 'POST',
    body: { photoIds },
    schema: approvePhotosResponse,
    errorToast: false,
  });
}

/** After approving or rejecting: the album, the pending list, the counts and the events list are read again. */
export function refreshAfterReview(queryClient: QueryClient, eventId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['album', eventId] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.events }),
  ]);
}

/** DELETE /api/events/{id}/photo with the ids; the caller shows its own failure texts. */
export function deletePhotos(eventId: string, photoIds: string[]) {
  return apiRequest(`/events/${encodeURIComponent(eventId)}/photo`, {
    method: 'DELETE',
    body: { photoIds },
    schema: deletePhotosResponse,
    errorToast: false,
  });
}

/** DELETE /api/events/{id}/uploader: everything one guest uploaded under their name. */
export function deleteUploaderMedia(eventId: string, uploader: string) {
  return apiRequest(`/events/${encodeURIComponent(eventId)}/uploader`, {
    method: 'DELETE',
    body: { uploader },
    schema: deletePhotosResponse,
    errorToast: false,
  });
}

/** Removes deleted items from the loaded pages and takes the server's new count, without refetching. */
export function applyDeletion(
  queryClient: QueryClient,
  eventId: string,
  deleted: string[],
  photoCount: number,
): void {
  const gone = new Set(deleted);
  queryClient.setQueryData<InfiniteData<PhotosResponse, PageParam>>(albumKeys.photos(eventId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            photoCount,
            photos: page.photos.filter((p) => !gone.has(p.id)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Event>(albumKeys.event(eventId), (event) =>
    event ? { ...event, photoCount } : event,
  );
  // A deleted newest item is not news: the next one in the grid stands for it until the server says.
  const newest = queryClient.getQueryData<AlbumNewest>(albumKeys.newest(eventId));
  if (newest?.newestId && gone.has(newest.newestId)) {
    const pages = queryClient.getQueryData<InfiniteData<PhotosResponse, PageParam>>(
      albumKeys.photos(eventId),
    );
    queryClient.setQueryData<AlbumNewest>(albumKeys.newest(eventId), {
      ...newest,
      newestId: pages?.pages[0]?.photos[0]?.id ?? null,
      photoCount,
    });
    void queryClient.invalidateQueries({ queryKey: albumKeys.newest(eventId) });
  }
}
