/**
 * The event id of a guest upload page address (`/events/{id}/{title}/upload-image-page`, the QR
 * code's link), or null for any other address. The router declares the same path for in-app visits.
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

/** The event's public info, which the upload page needs first (main.tsx asks for it before React loads). */
export function eventInfoUrl(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/info`;
}

/** Starts GET /api/events/{id}/info; the page reads the answer when its code has arrived. */
export function requestEventInfo(eventId: string): Promise<Response> {
  return fetch(eventInfoUrl(eventId), { headers: { Accept: 'application/json' } });
}

/**
 * `sizes` of the guest page's cover (its LCP image). On phones it is a dimmed backdrop behind the
 * title, drawn at about one image pixel per CSS pixel: `34vw` makes any phone up to 3.5x density take
 * the 480 px file (a few kB to ~40 kB) instead of the 1600 px one, which the ≤ 150 kB first load
 * cannot afford. Shared by the page and the early preload, so both pick the same file.
 */
export const heroCoverSizes = '(max-width: 640px) 34vw, 100vw';

/**
 * Starts the cover's download as soon as the event's info has arrived, while the page's code is still
 * on its way: the cover is the page's largest paint, and the browser cannot discover it in the HTML.
 */
export function preloadCover(info: Promise<Response>): void {
  info
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: { event?: { cover?: { srcSetAvif?: unknown; srcSetWebp?: unknown } } } | null) => {
      const cover = body?.event?.cover;
      const srcset = typeof cover?.srcSetAvif === 'string' ? cover.srcSetAvif : null;
      if (!srcset) return;
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image' });
      link.type = 'image/avif';
      link.setAttribute('imagesrcset', srcset);
      link.setAttribute('imagesizes', heroCoverSizes);
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
    })
    .catch(() => {
      // The page itself reports a failed info request; the preload is only a head start.
    });
}
