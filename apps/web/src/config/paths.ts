import { uploadPagePath } from '@ani/contract/upload-page';

// Typed routes of the route table, so links never drift from the router.
export const paths = {
  home: '/',
  gallery: '/gallery',
  contact: '/contact',
  profile: '/profile',
  resetPassword: '/reset-password',
  events: '/events',
  event: (eventId: string) => `/events/${encodeURIComponent(eventId)}`,
  upload: uploadPagePath,
  dashboard: '/dashboard',
  /** The profile inside the dashboard's look (the sidebar's "Ayarlar"). */
  dashboardSettings: '/dashboard/settings',
} as const;

/** Where a guard sends the visitor carries the page they tried (router location state). */
export interface RedirectState {
  from?: string;
}

export function redirectTarget(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as RedirectState).from;
    // Only same-site paths; never bounce a user to another origin after login.
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return undefined;
}
