import { stockCoverSet, type Event } from '@ani/contract/events';
import type { MediaItem } from '@ani/contract/media';

/**
 * A host's event as `/api/events` lists it: a stock cover, nothing uploaded, approval automatic,
 * kept a year from its day. Tests override what they are about.
 */
export function sampleEvent(over: Partial<Event> = {}): Event {
  return {
    id: 'ev1',
    eventId: 'ev1',
    title: 'Ayşe & Mehmet',
    eventDate: '2026-12-05T12:00:00.000Z',
    description: null,
    coverImage: '/images/covers/cover-1.jpg',
    cover: stockCoverSet('/images/covers/cover-1.jpg')!,
    isGalleryPublic: false,
    canAddPhotos: false,
    autoApprovePhotos: true,
    cardTheme: null,
    photoCount: 0,
    pendingCount: 0,
    usage: { bytes: 0, maxBytes: 53687091200, maxItems: 20000 },
    createdAt: '2026-11-01T10:00:00.000Z',
    retainedUntil: '2027-12-05T12:00:00.000Z',
    archivedAt: null,
    ...over,
  };
}

type MediaOverrides = Partial<Omit<MediaItem, 'metadata'>> & { metadata?: Partial<MediaItem['metadata']> };

/**
 * One album item as the photo lists answer it: an approved, processed JPEG of event ev1, uploaded by
 * "Zeynep" without a note, its URLs named after its id. `metadata` is merged field by field.
 */
export function sampleMediaItem(id: string, { metadata, ...over }: MediaOverrides = {}): MediaItem {
  return {
    id,
    key: `events/ev1/${id}.jpg`,
    url: `/media/${id}-preview`,
    originalUrl: `/media/${id}`,
    thumbnailUrl: `/media/${id}-thumb`,
    type: 'image',
    mimeType: 'image/jpeg',
    size: 1000,
    width: 10,
    height: 10,
    processed: true,
    status: 'approved',
    unreadable: false,
    ...over,
    metadata: { uploader: 'Zeynep', uploadDate: '2026-12-05T18:30:00.000Z', note: null, ...metadata },
  };
}

/** A page of a photo list as the server answers it (one page, no next). */
export function photoPage(
  photos: unknown[],
  { photoCount = photos.length, pendingCount = 0, limit = 100 } = {},
) {
  return {
    success: true,
    photos,
    nextToken: null,
    pagination: { nextToken: null, page: 1, limit, totalPages: photos.length ? 1 : 0 },
    photoCount,
    pendingCount,
  };
}
