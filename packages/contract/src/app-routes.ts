/**
 * The web app's pages, as path patterns: `:name` is one segment, a final `*` any rest. Every other
 * path shows the app's "not found" page, and the server answers it with status 404 so that browsers,
 * crawlers and link checkers know it too. The web router's own tests keep the two in step.
 */
export const appRoutePatterns = [
  '/',
  '/gallery',
  '/contact',
  '/reset-password',
  '/profile',
  '/events',
  '/events/:eventId',
  '/events/:eventId/wall',
  '/events/:eventId/:title/upload-image-page',
  // Unknown dashboard paths lead to the dashboard's home.
  '/dashboard/*',
] as const;

const patterns = appRoutePatterns.map((pattern) => {
  const segments = pattern.split('/').filter(Boolean);
  const rest = segments.at(-1) === '*';
  return { segments: rest ? segments.slice(0, -1) : segments, rest };
});

/** Whether the app has a page at `pathname` (a path without query; a trailing slash is the same page). */
export function isAppPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some(
    (p) =>
      (p.rest ? segments.length >= p.segments.length : segments.length === p.segments.length) &&
      p.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
  );
}
