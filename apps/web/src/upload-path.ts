import { heroCoverSizes } from '@ani/contract/upload-page';

/** The event's public info, which the upload page needs first (main.tsx asks for it before React loads). */
export function eventInfoUrl(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/info`;
}

/** Starts GET /api/events/{id}/info; the page reads the answer when its code has arrived. */
export function requestEventInfo(eventId: string): Promise<Response> {
  return fetch(eventInfoUrl(eventId), { headers: { Accept: 'application/json' } });
}

/**
 * Starts the cover's download as soon as the event's info has arrived, while the page's code is still
 * on its way: the cover is the page's largest paint, and the browser cannot discover it in the HTML.
 */
export function preloadCover(info: Promise<Response>): void {
  // The server names the cover in the page's HTML when it can; then the download has long started.
  if (document.querySelector('link[rel="preload"][as="image"]')) return;
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
