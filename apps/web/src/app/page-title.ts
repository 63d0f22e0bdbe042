import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** The site's own title: the landing page's, and every title's last part. */
const siteTitle = 'Anı Kutusu — Dijital Düğün Albümü';

/**
 * A route's `handle`: its page's title in the browser's tab, history and bookmarks, and what a screen
 * reader announces on arrival. No title: the site's own. A route without a handle (an event's album,
 * its wall) names its page itself, from the event it shows.
 */
export interface PageHandle {
  title?: string;
}

const handleOf = (handle: unknown): PageHandle | null =>
  handle && typeof handle === 'object' ? (handle as PageHandle) : null;

/** Sets the tab's title from the deepest route that has a handle, on every navigation. */
export function usePageTitle(): void {
  const matches = useMatches();
  const deepest = matches.at(-1);
  const handle = handleOf(deepest?.handle);
  useEffect(() => {
    if (!handle) return;
    document.title = handle.title ? `${handle.title} · Anı Kutusu` : siteTitle;
  }, [handle]);
}
