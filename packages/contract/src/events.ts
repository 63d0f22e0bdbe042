import { z } from 'zod';
import { limits } from './limits.ts';
import { messages as m } from './messages.ts';
import { stripInvisible } from './text.ts';

const e = m.events;

/** The 8 stock covers the web app ships; an event without a chosen cover gets one of them. */
export const stockCovers = Array.from(
  { length: limits.stockCoverCount },
  (_, i) => `/images/covers/cover-${i + 1}.jpg`,
);

/**
 * Widths (px) every cover is made in, for `srcset`: 480 for phones (the upload page's first screen),
 * 960 for tablets and 2x phones, 1600 for wide screens. A custom cover made from a smaller image
 * stops at the image's own width.
 */
export const coverWidths = [480, 960, 1600] as const;

/**
 * A cover as every page renders it (`<picture>`): AVIF and WebP `srcset`s in the widths above and a
 * JPEG `src` for browsers that read neither. Never the original a couple uploaded.
 */
export const coverSet = z.object({
  src: z.string(),
  srcSetWebp: z.string(),
  srcSetAvif: z.string(),
});
export type CoverSet = z.infer<typeof coverSet>;

/**
 * The responsive set of a stock cover: `scripts/make-covers.mjs` writes `cover-N-<width>.avif|webp`
 * beside each `cover-N.jpg` (the spec's path, kept as the JPEG fallback). Null for any other path.
 */
export function stockCoverSet(path: string): CoverSet | null {
  if (!stockCovers.includes(path)) return null;
  const base = path.slice(0, -'.jpg'.length);
  const srcSet = (ext: string) => coverWidths.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return { src: path, srcSetWebp: srcSet('webp'), srcSetAvif: srcSet('avif') };
}

/** Calendar date (YYYY-MM-DD) of an instant in Türkiye, where every wedding happens. */
export function istanbulDay(date: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

const longDateFormat = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Istanbul',
});

/** Turkish long date of the Istanbul calendar day ("12 Haziran 2027"): pages and e-mails alike. */
export function turkishLongDate(date: Date): string {
  return longDateFormat.format(date);
}

const istanbulClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * The moment an album's files are removed: its event date plus the retention period in calendar
 * months of the Istanbul calendar ("1 yıl" from 12 Haziran 2027 19:30 is 12 Haziran 2028 19:30,
 * whatever the leap days between). A day the target month lacks falls to its last day (29 Şubat
 * plus a year is 28 Şubat), as PostgreSQL's month arithmetic does, so the sweep's query and this
 * date agree.
 */
export function retentionEnd(eventDate: Date, retentionMonths: number): Date {
  const part = Object.fromEntries(
    istanbulClock.formatToParts(eventDate).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  const offset = wall - (eventDate.getTime() - eventDate.getMilliseconds());
  const lastDay = new Date(Date.UTC(part.year, part.month - 1 + retentionMonths + 1, 0)).getUTCDate();
  const endWall = Date.UTC(
    part.year,
    part.month - 1 + retentionMonths,
    Math.min(part.day, lastDay),
    part.hour,
    part.minute,
    part.second,
    eventDate.getMilliseconds(),
  );
  return new Date(endWall - offset);
}

/** True when the date's Istanbul calendar day is before today's (also in Istanbul). */
export function isBeforeTodayInIstanbul(date: Date, now: Date = new Date()): boolean {
  return istanbulDay(date) < istanbulDay(now);
}

/**
 * A day before today that the album does not already have. A host may only choose today or later:
 * an album whose day is past its retention is archived and closed for uploads for good. The album's
 * own day stays allowed after the wedding, so re-saved settings and a wedding attached to a finished
 * event are not refused.
 */
export function isNewPastDay(next: Date, current: Date | null = null, now: Date = new Date()): boolean {
  return (
    isBeforeTodayInIstanbul(next, now) && (current === null || istanbulDay(current) !== istanbulDay(next))
  );
}

/** The earliest day a date input offers (its `min`): today, or the album's own day when that is earlier. */
export function firstChoosableDay(current: Date | null = null, now: Date = new Date()): string {
  const today = istanbulDay(now);
  const own = current ? istanbulDay(current) : today;
  return own < today ? own : today;
}

const titleSchema = z
  .string({ error: e.titleRequired })
  .transform((v) => stripInvisible(v).trim())
  .superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue({ code: 'custom', message: e.titleBlank });
    else if (v.length < limits.eventTitleMin) ctx.addIssue({ code: 'custom', message: e.titleMin });
    else if (v.length > limits.eventTitleMax) ctx.addIssue({ code: 'custom', message: e.titleMax });
  });

/** An ISO date or date-time string; becomes a Date. */
const parseableDate = z
  .string({ error: (issue) => (issue.input == null ? e.dateMissing : e.dateInvalid) })
  .trim()
  .min(1, e.dateMissing)
  .max(40, e.dateInvalid)
  .transform((v, ctx) => {
    const date = new Date(v);
    // A year the database cannot store (or nobody marries in) is as invalid as no date at all.
    const year = date.getUTCFullYear();
    if (Number.isNaN(date.getTime()) || year < 1900 || year > 2999) {
      ctx.addIssue({ code: 'custom', message: e.dateInvalid });
      return z.NEVER;
    }
    return date;
  });

// Trimmed before counting: trailing spaces a phone keyboard adds must not push a text over 500.
const descriptionSchema = z
  .string({ error: m.generic.invalidInput })
  .nullish()
  .transform((v) => (v == null ? null : stripInvisible(v).trim() || null))
  .refine((v) => v === null || v.length <= limits.eventDescriptionMax, e.descriptionMax);

const flag = z.boolean({ error: e.flagInvalid });
/** Public albums are not offered yet ("Herkese Açık" shows as "Yakında"): the server holds the same line. */
const galleryPublic = flag.refine((v) => !v, e.galleryPublicUnavailable);

const coverImageSchema = z
  .string()
  .nullish()
  .refine((v) => !v || stockCovers.includes(v), e.coverImageInvalid)
  .transform((v) => v || null);

/** The ten printed table-card designs (chosen on the QR settings page), in carousel order. */
export const cardThemeIds = [
  'country',
  'classic',
  'rustic',
  'minimal',
  'boho',
  'gold',
  'sea',
  'garden',
  'romantic',
  'winter',
] as const;
export type CardThemeId = (typeof cardThemeIds)[number];

export const createEventInput = z.object({
  title: titleSchema,
  eventDate: parseableDate.refine((d) => !isBeforeTodayInIstanbul(d), e.dateInPast),
  description: descriptionSchema,
  coverImage: coverImageSchema,
  isGalleryPublic: galleryPublic.default(false),
  canAddPhotos: flag.default(true),
  autoApprovePhotos: flag.default(true),
});
export type CreateEventInput = z.input<typeof createEventInput>;

/** The settings screen sends every field; a past date is accepted only when unchanged (checked by the service). */
export const updateEventInput = z.object({
  eventId: z.string({ error: e.idMissing }).trim().min(1, e.idMissing).max(100, e.idMissing),
  title: titleSchema.optional(),
  eventDate: parseableDate.optional(),
  description: descriptionSchema.optional(),
  coverImage: coverImageSchema.optional(),
  isGalleryPublic: galleryPublic.optional(),
  canAddPhotos: flag.optional(),
  autoApprovePhotos: flag.optional(),
  cardTheme: z.enum(cardThemeIds, { error: e.cardThemeInvalid }).optional(),
});
export type UpdateEventInput = z.input<typeof updateEventInput>;

export const eventIdParams = z.object({
  eventId: z.string({ error: e.idMissing }).trim().min(1, e.idMissing).max(100, e.idMissing),
});
export type EventIdParams = z.infer<typeof eventIdParams>;

export const event = z.object({
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  eventDate: z.string(),
  description: z.string().nullable(),
  /** A stock cover's path, or a custom cover's JPEG (the spec's field; pages render `cover`). */
  coverImage: z.string(),
  /** The cover in responsive sizes, stock or custom alike. */
  cover: coverSet,
  isGalleryPublic: z.boolean(),
  canAddPhotos: z.boolean(),
  autoApprovePhotos: z.boolean(),
  cardTheme: z.enum(cardThemeIds).nullable(),
  /** Approved items: what guests, the wall and public counts see. */
  photoCount: z.number().int(),
  /**
   * Items waiting for the owner's approval; they wait until approved or deleted, also after
   * automatic approval is turned back on.
   */
  pendingCount: z.number().int(),
  /** The album's use of its quota: bytes of originals and items, against the server's limits. */
  usage: z.object({
    bytes: z.number().int(),
    maxBytes: z.number().int(),
    maxItems: z.number().int(),
  }),
  createdAt: z.string(),
  /** When the album's photos and videos are removed (event date + the retention period). */
  retainedUntil: z.string(),
  /** Set once they were removed: the event, its title, date and count stay as a record. */
  archivedAt: z.string().nullable(),
});
export type Event = z.infer<typeof event>;

export const eventResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  event,
});
export type EventResponse = z.infer<typeof eventResponse>;

export const eventListResponse = z.object({
  success: z.literal(true),
  events: z.array(event),
});
export type EventListResponse = z.infer<typeof eventListResponse>;

/** What the public upload page may know: nothing about the owner or other settings. */
export const publicEventInfo = z.object({
  title: z.string(),
  eventDate: z.string(),
  coverImage: z.string(),
  cover: coverSet,
  photoCount: z.number().int(),
  canAddPhotos: z.boolean(),
  /** False when the couple approves each item first: the page tells the guest it appears after that. */
  autoApprovePhotos: z.boolean(),
});
export type PublicEventInfo = z.infer<typeof publicEventInfo>;

export const eventInfoResponse = z.object({
  success: z.literal(true),
  event: publicEventInfo,
});
export type EventInfoResponse = z.infer<typeof eventInfoResponse>;

/**
 * PUT /api/events/{eventId}/cover: a stock cover again (the custom one and its files go), or a
 * photo of the album, by id. Exactly one of the two. An upload goes to POST …/cover as multipart
 * (field `image`, at most `limits.coverUploadMaxBytes`).
 */
export const setCoverInput = z
  .object({
    coverImage: z
      .string({ error: m.cover.choiceRequired })
      .refine((v) => stockCovers.includes(v), e.coverImageInvalid)
      .optional(),
    photoId: z
      .string({ error: m.cover.choiceRequired })
      .trim()
      .min(1, m.cover.choiceRequired)
      .max(100, m.cover.photoNotFound)
      .optional(),
  })
  .refine((v) => (v.coverImage === undefined) !== (v.photoId === undefined), m.cover.choiceRequired);
export type SetCoverInput = z.input<typeof setCoverInput>;

/** A custom cover's file: `<content hash>-<width>.<avif|webp|jpg>`, public and immutable. */
export const coverFileParams = z.object({
  eventId: z.string({ error: e.idMissing }).trim().min(1, e.idMissing).max(100, e.idMissing),
  file: z.string().regex(/^[0-9a-f]{16}-[1-9][0-9]{1,3}\.(avif|webp|jpg)$/, m.cover.notFound),
});

export const deleteEventResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type DeleteEventResponse = z.infer<typeof deleteEventResponse>;
