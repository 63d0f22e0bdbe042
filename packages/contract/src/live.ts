import { z } from 'zod';
import { limits } from './limits.ts';
import { queryInt } from './media.ts';
import { messages as m } from './messages.ts';

// The venue's photo wall: a signed wall link, the wall's first page, and the Server-Sent Events
// stream (`GET /api/events/{eventId}/live`) that pushes new and removed items.

/** Query parameter carrying a wall link's token (EventSource cannot send headers). */
export const wallTokenParam = 'wall';

/**
 * `GET /api/events/{eventId}/wall`: the wall token (or the owner's Bearer), and for the pages after the
 * first the previous answer's `nextToken`.
 */
export const wallQuery = z.object({
  [wallTokenParam]: z.string().max(200).optional(),
  nextToken: z.string().max(200).optional(),
  limit: queryInt(1, limits.wallPageLimit, m.media.invalidLimit).default(limits.wallPageLimit),
});

export const wallLinkResponse = z.object({
  success: z.literal(true),
  /** Path of the wall page with its token: `/events/{eventId}/wall?wall=…`. */
  url: z.string(),
  /** The token alone, for the live stream and the wall's API calls. */
  token: z.string(),
  expiresAt: z.string(),
});
export type WallLinkResponse = z.infer<typeof wallLinkResponse>;

/** An approved item as the wall shows it. */
export const wallItem = z.object({
  id: z.string(),
  type: z.enum(['image', 'video']),
  /** Signed URL of the screen-sized preview (a video: the original). */
  url: z.string(),
  /** Signed poster/thumbnail URL, or null while it is being made. */
  posterUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploader: z.string().nullable(),
  note: z.string().nullable(),
  uploadedAt: z.string(),
});
export type WallItem = z.infer<typeof wallItem>;

export const wallResponse = z.object({
  success: z.literal(true),
  title: z.string(),
  /** The public upload page's address, for the wall's corner QR code. */
  uploadUrl: z.string(),
  /**
   * The event's setting: false while the owner approves each upload ("Ben onaylarım"), when what guests
   * send reaches the wall only once approved; an empty wall then says so instead of "be the first".
   */
  autoApprovePhotos: z.boolean(),
  /** Newest first (by upload order); approved items whose screen-sized images exist. */
  items: z.array(wallItem),
  /**
   * Opaque cursor of the next (older) page; null at the end. Stays correct while new uploads arrive:
   * those come on the live stream instead.
   */
  nextToken: z.string().nullable(),
  /**
   * The live stream's position when the first page was read: pass it as `Last-Event-ID`. Every page of
   * one walk answers the first page's position.
   */
  lastEventId: z.string(),
});
export type WallResponse = z.infer<typeof wallResponse>;

/**
 * SSE `event:` names on the live stream; `data:` is JSON. `ping` is the heartbeat: an event, not a
 * comment, because a browser's EventSource shows its page nothing of a comment, and the wall must be
 * able to tell a quiet stream from a dead one (a venue's Wi-Fi that lost the internet keeps the
 * socket open but silent).
 */
export const liveEventNames = { added: 'photo', removed: 'removed', ping: 'ping' } as const;
/** How often the server sends `ping` on a quiet stream. */
export const liveHeartbeatMs = 15_000;
export const liveAdded = wallItem.describe('data of a `photo` event: the item as the wall shows it');
export const liveRemoved = z.object({ id: z.string() });
