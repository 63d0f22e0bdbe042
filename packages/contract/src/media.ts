import { z } from 'zod';
import { cleanLine } from './text.ts';
import { limits } from './limits.ts';
import { messages as m } from './messages.ts';

export const mediaType = z.enum(['image', 'video']);

/**
 * The name an item's uploader goes by wherever the couple reads it (the album, its ZIP): the upload
 * API's placeholder 'anonymous' reads "Misafir"; no name at all is null (each place says how it shows
 * that).
 */
export function shownUploader(uploader: string | null | undefined): string | null {
  const name = uploader?.trim();
  if (!name) return null;
  return name === 'anonymous' ? 'Misafir' : name;
}
export type MediaType = z.infer<typeof mediaType>;

export const mediaItem = z.object({
  /** Media id; also accepted in `photoIds` when deleting. */
  id: z.string(),
  /** Object key, a file path with extension; its last segment is the `encodedFileName`. */
  key: z.string(),
  /** Short-lived signed URL (thumbnail or preview in lists, the original for a single item). */
  url: z.string(),
  /** Signed URL of the original file, for the lightbox's full-size view and videos. */
  originalUrl: z.string(),
  /** Signed URL of the grid thumbnail (a video's poster frame); null until it has been made. */
  thumbnailUrl: z.string().nullable(),
  type: mediaType,
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** False while the thumbnail and preview are still being made (the URLs then point at the original). */
  processed: z.boolean(),
  /** `pending` while the owner's approval is awaited ("Ben onaylarım"); such items reach no guest or wall. */
  status: z.enum(['pending', 'approved']),
  /**
   * True when no derived image could be made from this photo (damaged beyond a lenient decode): the
   * album shows a placeholder tile instead of loading the original, which no browser would show either.
   */
  unreadable: z.boolean(),
  metadata: z.object({
    uploader: z.string().nullable(),
    uploadDate: z.string(),
    note: z.string().nullable(),
  }),
});
export type MediaItem = z.infer<typeof mediaItem>;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: m.generic.invalidInput })
  .transform((v) => v === true || v === 'true' || v === '1');

/** A whole number from a query string, with one Turkish message for every way it can be wrong. */
export const queryInt = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const photosQuery = z.object({
  page: queryInt(1, 1_000_000, m.media.invalidPage).default(1),
  limit: queryInt(1, limits.photosMaxLimit, m.media.invalidLimit).default(limits.photosDefaultLimit),
  nextToken: z.string().max(200).optional(),
  thumbnail: booleanQuery.default(true),
  /** `pending`: only items awaiting approval; `approved`: only the album's; default both. */
  status: z.enum(['all', 'pending', 'approved'], { error: m.generic.invalidInput }).default('all'),
});
export type PhotosQuery = z.input<typeof photosQuery>;

export const photosResponse = z.object({
  success: z.literal(true),
  photos: z.array(mediaItem),
  /** Opaque cursor for the next page; null at the end. Stays correct while new uploads arrive. */
  nextToken: z.string().nullable(),
  pagination: z.object({
    nextToken: z.string().nullable(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  }),
  photoCount: z.number().int(),
  /** Items waiting for the owner's approval. */
  pendingCount: z.number().int(),
});
export type PhotosResponse = z.infer<typeof photosResponse>;

export const photoParams = z.object({
  eventId: z.string().min(1).max(100),
  encodedFileName: z.string().min(1).max(200),
});

export const photoResponse = z.object({ success: z.literal(true), photo: mediaItem });
export type PhotoResponse = z.infer<typeof photoResponse>;

/** Items named by id (or object key), as the album's selection sends them. */
const photoIds = z
  .array(z.string().min(1).max(300), { error: m.media.photoIdsRequired })
  .min(1, m.media.photoIdsRequired)
  .max(1000);

export const deletePhotosInput = z.object({ photoIds });
export type DeletePhotosInput = z.input<typeof deletePhotosInput>;

/** A guest's erasure request: every item uploaded under one name in one event. */
export const deleteUploaderInput = z.object({
  // Cleaned like the name was at upload, so what the host copies from the album matches it.
  uploader: z
    .string({ error: m.media.uploaderRequired })
    .transform(cleanLine)
    .pipe(z.string().min(1, m.media.uploaderRequired).max(limits.uploaderNameMax, m.media.uploaderRequired)),
});
export type DeleteUploaderInput = z.input<typeof deleteUploaderInput>;

export const deletePhotosResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.array(z.string()),
  /** Ids that matched nothing in this event; nothing was done for them. */
  notFound: z.array(z.string()),
  currentPhotoCount: z.number().int(),
});
export type DeletePhotosResponse = z.infer<typeof deletePhotosResponse>;

export const approvePhotosInput = z.object({ photoIds });
export type ApprovePhotosInput = z.input<typeof approvePhotosInput>;

export const approvePhotosResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  approved: z.array(z.string()),
  notFound: z.array(z.string()),
  currentPhotoCount: z.number().int(),
  pendingCount: z.number().int(),
});
export type ApprovePhotosResponse = z.infer<typeof approvePhotosResponse>;

export const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  uploaded: z.array(mediaItem.omit({ url: true, originalUrl: true })),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/**
 * Optional body of `POST …/download-link`: `includePending` puts the items still awaiting approval
 * into the archive too (default: only the album's approved items). A Bearer download says the same
 * with `?pending=1`.
 */
export const downloadLinkInput = z
  .object({ includePending: z.boolean({ error: m.generic.invalidInput }).optional() })
  .nullish();
export type DownloadLinkInput = z.input<typeof downloadLinkInput>;

export const downloadLinkResponse = z.object({ success: z.literal(true), url: z.string() });
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponse>;

/** Fills "{n}" (and other "{name}") placeholders of a message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
