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
