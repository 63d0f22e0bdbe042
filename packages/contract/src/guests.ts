import { z } from 'zod';
import { limits } from './limits.ts';
import { messages as m } from './messages.ts';
import { cleanLine } from './text.ts';
import { turkishMobileSchema } from './phone.ts';
import { weddingIdSchema } from './weddings.ts';

const g = m.guests;

/** The statuses as the API answers them (the words the update call also accepts). */
export const guestStatuses = ['belirsiz', 'katılacak', 'katılamayacak', 'ulaşılamayan'] as const;
export type GuestStatus = (typeof guestStatuses)[number];
export const guestStatus = z.enum(guestStatuses);

/** WhatsApp delivery state of a guest's invitation; null when none was queued. */
export const invitationStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

// Both wire vocabularies (add: belirsiz/gelecek/gelmeyecek; update: belirsiz/katılacak/katılamayacak/
// ulaşılamayan), the badge spellings (KATILACAK, GELMEYECEK …) and ASCII spellings all map to one value.
const statusAliases: Record<string, GuestStatus> = {
  belirsiz: 'belirsiz',
  gelecek: 'katılacak',
  katılacak: 'katılacak',
  katilacak: 'katılacak',
  gelmeyecek: 'katılamayacak',
  katılamayacak: 'katılamayacak',
  katilamayacak: 'katılamayacak',
  ulaşılamayan: 'ulaşılamayan',
  ulasilamayan: 'ulaşılamayan',
};

/** The canonical status for any accepted spelling, or null. */
export function parseGuestStatus(input: string): GuestStatus | null {
  const folded = input.trim().toLocaleLowerCase('tr-TR');
  return statusAliases[folded] ?? statusAliases[input.trim().toLowerCase()] ?? null;
}

/** Statuses that mean nobody is coming: the person count is cleared. */
export function clearsGuestCount(status: GuestStatus): boolean {
  return status !== 'katılacak';
}

const nameSchema = z
  .string({ error: g.nameRequired })
  .transform(cleanLine)
  .pipe(z.string().min(1, g.nameRequired).max(limits.usernameMaxLength, g.nameTooLong));

/** Any spelling of a Turkish mobile number; stored and answered in E.164 (+905XXXXXXXXX). */
export const guestPhoneSchema = turkishMobileSchema({ invalid: g.phoneInvalid, required: g.phoneRequired });

/**
 * A whole number given as a number or a numeric string. A number with a fraction (2.5) is told it must
 * be whole (`fraction`); no number at all (missing, blank, letters) gets `message`.
 */
const wholeNumber = (message: string, fraction: string = message) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: Number.isFinite(n) ? fraction : message });
      return z.NEVER;
    }
    return n;
  });

const statusSchema = (allowUnreachable: boolean) =>
  z.string({ error: g.statusInvalid }).transform((v, ctx) => {
    const status = parseGuestStatus(v);
    if (!status || (!allowUnreachable && status === 'ulaşılamayan')) {
      ctx.addIssue({ code: 'custom', message: g.statusInvalid });
      return z.NEVER;
    }
    return status;
  });

export const addGuestInput = z.object({
  weddingId: weddingIdSchema,
  name: nameSchema,
  phone: guestPhoneSchema,
  expectedGuestCount: wholeNumber(g.expectedCountPositive, g.expectedCountWhole).pipe(
    z.number().min(1, g.expectedCountPositive).max(limits.guestCountMax, g.expectedCountMax),
  ),
  // "Ulaşılamayan" is set by the system (failed delivery), never chosen when adding.
  status: statusSchema(false).optional().default('belirsiz'),
});
export type AddGuestInput = z.input<typeof addGuestInput>;
export type AddGuestData = z.output<typeof addGuestInput>;

export const deleteGuestInput = z.object({
  weddingId: weddingIdSchema,
  name: nameSchema,
  phone: guestPhoneSchema,
});
export type DeleteGuestInput = z.input<typeof deleteGuestInput>;

export const guestIndexParams = z.object({
  index: z
    .string()
    .regex(/^\d{1,9}$/, g.indexInvalid)
    .transform(Number)
    .pipe(z.number().int().min(1, g.indexInvalid)),
});

export const updateGuestInput = z.object({
  weddingId: weddingIdSchema,
  name: nameSchema,
  phone: guestPhoneSchema,
  // "Count defaults to 0 on save": missing, null and "" mean 0.
  guestCount: z
    .union([z.number(), z.string(), z.null()], { error: g.guestCountInvalid })
    .optional()
    .transform((v, ctx) => {
      const n = v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 0 : Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: g.guestCountInvalid });
        return z.NEVER;
      }
      return n;
    })
    .pipe(z.number().max(limits.attendingCountMax, g.guestCountMax)),
  status: statusSchema(true),
});
export type UpdateGuestInput = z.input<typeof updateGuestInput>;
export type UpdateGuestData = z.output<typeof updateGuestInput>;

export const approvalInput = z.object({
  weddingId: weddingIdSchema,
  guestListApproved: z.boolean({ error: g.approvalInvalid }),
});
export type ApprovalInput = z.input<typeof approvalInput>;

export const guest = z.object({
  index: z.number(),
  name: z.string(),
  phone: z.string(),
  status: guestStatus,
  guestCount: z.number(),
  expectedGuestCount: z.number(),
  invitationStatus: z.enum(invitationStatuses).nullable(),
});
export type Guest = z.infer<typeof guest>;

export const guestListResponse = z.object({
  success: z.literal(true),
  guestListApproved: z.boolean(),
  guestList: z.array(guest),
});
export type GuestListResponse = z.infer<typeof guestListResponse>;

export const guestResponse = z.object({ success: z.literal(true), message: z.string(), guest });
export type GuestResponse = z.infer<typeof guestResponse>;

export const guestMessageResponse = z.object({ success: z.literal(true), message: z.string() });

export const approvalResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  guestListApproved: z.boolean(),
  /** Rows on the approved list and the people they expect to bring (the success toast's N and M). */
  guestTotal: z.number(),
  peopleTotal: z.number(),
});
export type ApprovalResponse = z.infer<typeof approvalResponse>;

/**
 * The four cards. `katılacak` counts people (sum of guestCount of attending rows: the card reads
 * "Katılacak Kişi"); the other three count rows (Katılamayacaklar, Belirsiz/Ulaşılamayan Davetliler).
 */
export const statisticsResponse = z.object({
  success: z.literal(true),
  katılacak: z.number(),
  katılamayacak: z.number(),
  belirsiz: z.number(),
  ulaşılamadı: z.number(),
});
export type StatisticsResponse = z.infer<typeof statisticsResponse>;
