import { z } from 'zod';
import { messages as m } from './messages.ts';
import { toConversationPhone } from './text.ts';
import { weddingIdSchema } from './weddings.ts';

const wa = m.whatsapp;

export const messageDirections = ['outbound', 'inbound'] as const;
/** Outbound: queued → sent → delivered → read, or failed. Inbound messages are "received". */
export const messageStatuses = ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const conversationParams = z.object({
  weddingId: weddingIdSchema,
  phone: z
    .string({ error: wa.phoneRequired })
    .trim()
    .min(1, wa.phoneRequired)
    .max(30, wa.phoneInvalid)
    .transform((v, ctx) => {
      const normalised = toConversationPhone(v);
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: wa.phoneInvalid });
        return z.NEVER;
      }
      return normalised;
    }),
});

export const conversationMessage = z.object({
  body: z.string(),
  /** ISO 8601 instant. */
  timestamp: z.string(),
  direction: z.enum(messageDirections),
  status: z.enum(messageStatuses),
  /** A reply that could belong to several weddings' invitations: shown, but it set no RSVP. */
  unmatched: z.boolean().optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationResponse = z.object({
  success: z.literal(true),
  messages: z.array(conversationMessage),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

export const whatsappStatusResponse = z.object({
  success: z.literal(true),
  /** False when the server has no WhatsApp credentials: invitations wait in the outbox. */
  connected: z.boolean(),
  counts: z.object({
    queued: z.number(),
    sent: z.number(),
    delivered: z.number(),
    read: z.number(),
    failed: z.number(),
  }),
  message: z.string().optional(),
});
export type WhatsappStatusResponse = z.infer<typeof whatsappStatusResponse>;

/** Quick-reply payloads of the invitation template's three buttons, in button order. */
export const rsvpPayloads = { yes: 'RSVP_YES', no: 'RSVP_NO', maybe: 'RSVP_MAYBE' } as const;
