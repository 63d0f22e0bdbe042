import { z } from 'zod';
import { limits } from './limits.ts';
import { messages as m } from './messages.ts';
import { cleanLine } from './text.ts';

const w = m.weddings;

/** A required text field: trimmed, blank counts as missing, with the field's own Turkish message. */
export const requiredText = (message: string, max = 200, tooLong: string = w.fieldTooLong) =>
  z.string({ error: message }).transform(cleanLine).pipe(z.string().min(1, message).max(max, tooLong));

/** YYYY-MM-DD that is a real calendar day (2025-02-30 is refused). */
export const weddingDateSchema = z
  .string({ error: w.dateRequired })
  .trim()
  .min(1, w.dateRequired)
  .refine((v) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!match) return false;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return date.toISOString().slice(0, 10) === v;
  }, w.dateInvalid);

/** 24-hour HH:MM. */
export const weddingTimeSchema = z
  .string({ error: w.timeRequired })
  .trim()
  .min(1, w.timeRequired)
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, w.timeInvalid);

/** Blank (missing, null, "") means the default of 250; otherwise a whole number above 0. */
export const capacitySchema = z
  .union([z.number(), z.string(), z.null()], { error: w.capacityInvalid })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
      return limits.defaultWeddingCapacity;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: w.capacityInvalid });
      return z.NEVER;
    }
    if (n <= 0) {
      ctx.addIssue({ code: 'custom', message: w.capacityPositive });
      return z.NEVER;
    }
    if (n > 100_000) {
      ctx.addIssue({ code: 'custom', message: w.capacityInvalid });
      return z.NEVER;
    }
    return n;
  });

/**
 * POST /weddings/create: the LCV body, optionally with the event title (`title` or `eventName`) the
 * dashboard's form asks for. Without a title the server attaches the wedding to the host's only
 * event that has none, or names a new event after the couple.
 * Field order is the order of the messages a host sees (the first failing field answers).
 */
export const createWeddingInput = z
  .object({
    username: requiredText(w.usernameRequired),
    title: z.string().optional(),
    eventName: z.string().optional(),
    /** An event the host already made on the events page: the wedding is attached to it instead of a new one. */
    eventId: z.string().trim().min(1).max(100).optional(),
    venueName: requiredText(w.venueRequired),
    venueLocation: requiredText(w.createRequired, 2000),
    brideName: requiredText(w.brideRequired),
    brideSurname: requiredText(w.createRequired),
    groomName: requiredText(w.groomRequired),
    groomSurname: requiredText(w.createRequired),
    weddingDate: weddingDateSchema,
    weddingTime: weddingTimeSchema,
    capacity: capacitySchema,
  })
  .transform((v, ctx) => {
    const { eventName: _eventName, title: givenTitle, ...rest } = v;
    const given = givenTitle ?? v.eventName;
    // No title at all is the LCV body as such; a title that is there but blank is a form left empty.
    if (given === undefined) return { ...rest, title: undefined };
    const title = given.trim().replace(/\s+/g, ' ');
    if (!title) {
      ctx.addIssue({ code: 'custom', message: w.createRequired, path: ['title'] });
      return z.NEVER;
    }
    // The same event rules as the events page: an event made here must stay editable there.
    if (title.length < limits.eventTitleMin || title.length > limits.eventTitleMax) {
      const message = title.length < limits.eventTitleMin ? m.events.titleMin : m.events.titleMax;
      ctx.addIssue({ code: 'custom', message, path: ['title'] });
      return z.NEVER;
    }
    return { ...rest, title };
  });
export type CreateWeddingInput = z.input<typeof createWeddingInput>;
export type CreateWeddingData = z.output<typeof createWeddingInput>;

export const createWeddingResponse = z.object({
  success: z.literal(true),
  weddingId: z.string(),
  eventId: z.string(),
  message: z.string(),
});
export type CreateWeddingResponse = z.infer<typeof createWeddingResponse>;

export const usernameQuery = z.object({
  username: z
    .string({ error: w.usernameRequired })
    .trim()
    .min(1, w.usernameRequired)
    .max(limits.usernameMaxLength, w.usernameNotFound),
});

export const weddingInfo = z.object({
  weddingId: z.string(),
  eventId: z.string(),
  /** A short-lived signed URL of the invitation image, or null when none was uploaded. */
  invitationImagePath: z.string().nullable(),
  guestListApproved: z.boolean(),
  venueName: z.string(),
  venueLocation: z.string(),
  brideName: z.string(),
  brideSurname: z.string(),
  groomName: z.string(),
  groomSurname: z.string(),
  weddingDate: z.string(),
  weddingTime: z.string(),
  capacity: z.number(),
});
export type WeddingInfo = z.infer<typeof weddingInfo>;

export const weddingInfoResponse = z.object({ success: z.literal(true), wedding: weddingInfo });
export type WeddingInfoResponse = z.infer<typeof weddingInfoResponse>;

export const uploadImageResponse = z.object({
  success: z.literal(true),
  imageUrl: z.string(),
  message: z.string(),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponse>;

export const weddingIdSchema = z
  .string({ error: w.weddingIdMissing })
  .trim()
  .min(1, w.weddingIdMissing)
  .max(100, w.notFound);

export const weddingIdQuery = z.object({ weddingId: weddingIdSchema });
