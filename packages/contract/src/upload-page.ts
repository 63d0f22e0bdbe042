import { slug } from './text.ts';

/**
 * The guest upload page's address for an event, what the table card's QR code holds (after the
 * site's origin): `/events/{id}/{slug of the title}/upload-image-page`. The owner's QR pages, the
 * link they copy and the live wall's QR code all take it from here, so they never differ.
 */
export function uploadPagePath(event: { id: string; title: string }): string {
  // A title with none of a-z and 0-9 ("ÇÖŞ", "💍💍💍") has an empty slug, and an address with an empty
  // segment matches no page: the QR code would lead to "not found". Such a link says "etkinlik" (event).
  const title = slug(event.title) || 'etkinlik';
  return `/events/${encodeURIComponent(event.id)}/${encodeURIComponent(title)}/upload-image-page`;
}

/**
 * The guest upload page's address (`/events/{id}/{title}/upload-image-page`, the QR code's link):
 * its event id, or null for any other address. The web app starts the guest page's own small app on
 * it, and the server names the event's cover in that page's HTML.
 */
export function uploadPageEventId(pathname: string): string | null {
  const match = /^\/events\/([^/]+)\/[^/]+\/upload-image-page\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * `sizes` of the guest page's cover (its largest paint). On phones it is a dimmed backdrop behind the
 * title, drawn at about one image pixel per CSS pixel: `34vw` makes any phone up to 3.5x density take
 * the 480 px file (a few kB to ~40 kB) instead of the 1600 px one, which the ≤ 150 kB first load
 * cannot afford. The page, its early preload and the server's preload all use it, so all pick the
 * same file.
 */
export const heroCoverSizes = '(max-width: 640px) 34vw, 100vw';
