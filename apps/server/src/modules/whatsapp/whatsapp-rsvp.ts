import { messages } from '@ani/contract/messages';
import { rsvpPayloads } from '@ani/contract/whatsapp';
import type { Rsvp } from './whatsapp.repository.ts';

const wa = messages.whatsapp;

const fold = (text: string) =>
  text
    .toLocaleLowerCase('tr-TR')
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const byPayload: Record<string, Rsvp> = {
  [rsvpPayloads.yes]: 'katilacak',
  [rsvpPayloads.no]: 'katilamayacak',
  [rsvpPayloads.maybe]: 'belirsiz',
};

// Whole-message answers only: "evet" is clear, "evet ama belki geç kalırım" is a conversation.
const byText = new Map<string, Rsvp>([
  [fold(wa.buttonYes), 'katilacak'],
  [fold(wa.buttonNo), 'katilamayacak'],
  [fold(wa.buttonMaybe), 'belirsiz'],
  ...[
    'katılacağız',
    'geleceğim',
    'geleceğiz',
    'geliyorum',
    'geliyoruz',
    'evet',
    'katılıyorum',
    'katılıyoruz',
  ].map((t) => [fold(t), 'katilacak'] as [string, Rsvp]),
  ...[
    'katılamayacağız',
    'gelemeyeceğim',
    'gelemeyeceğiz',
    'gelemiyorum',
    'gelemiyoruz',
    'hayır',
    'katılamıyorum',
  ].map((t) => [fold(t), 'katilamayacak'] as [string, Rsvp]),
  ...['bilmiyorum', 'henüz bilmiyoruz', 'bilmiyoruz', 'belki', 'emin değilim'].map(
    (t) => [fold(t), 'belirsiz'] as [string, Rsvp],
  ),
]);

export type InboundMessage = {
  type?: string;
  text?: { body?: string };
  button?: { payload?: string; text?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string } };
  image?: { caption?: string };
  video?: { caption?: string };
  document?: { caption?: string };
  reaction?: { emoji?: string };
};

const kinds: Record<string, string> = wa.inboundKinds;

/**
 * What the guest wrote or pressed, as shown in the conversation. Anything else (a photo, a voice
 * message, a sticker) shows as its Turkish name in brackets, with the caption or emoji it carries.
 */
export function inboundBody(message: InboundMessage): string {
  // PostgreSQL text cannot hold NUL; a stored reply must never make its job fail forever.
  const clean = (v: unknown) => (typeof v === 'string' ? v.replaceAll('\u0000', '').slice(0, 4096) : '');
  const text = message.text?.body ?? message.button?.text ?? message.interactive?.button_reply?.title;
  if (typeof text === 'string') return clean(text);
  const type = typeof message.type === 'string' ? message.type : '';
  const kind = Object.hasOwn(kinds, type) ? kinds[type]! : wa.inboundOther;
  const extra = clean(
    message.image?.caption ?? message.video?.caption ?? message.document?.caption ?? message.reaction?.emoji,
  );
  return extra ? `[${kind}] ${extra}` : `[${kind}]`;
}

/** The RSVP a button press or a clear text reply carries, or null. */
export function rsvpOf(message: InboundMessage): Rsvp | null {
  const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
  if (typeof payload === 'string' && Object.hasOwn(byPayload, payload)) return byPayload[payload]!;
  const text = message.button?.text ?? message.interactive?.button_reply?.title ?? message.text?.body;
  return typeof text === 'string' && text.length <= 200 ? (byText.get(fold(text)) ?? null) : null;
}
