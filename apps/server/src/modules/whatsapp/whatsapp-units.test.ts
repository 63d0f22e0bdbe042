import { describe, expect, it } from 'vitest';
import { rsvpOf, inboundBody } from './whatsapp-rsvp.ts';
import { isValidSignature, sameSecret, signBody } from './whatsapp-signature.ts';
import { laterStatus } from './whatsapp.repository.ts';

describe('RSVP from a reply', () => {
  it('reads the quick-reply payloads and the button texts', () => {
    expect(rsvpOf({ type: 'button', button: { payload: 'RSVP_YES', text: 'Katılacağım' } })).toBe(
      'katilacak',
    );
    expect(rsvpOf({ type: 'button', button: { payload: 'RSVP_NO', text: 'Katılamayacağım' } })).toBe(
      'katilamayacak',
    );
    expect(rsvpOf({ type: 'button', button: { payload: 'RSVP_MAYBE', text: 'Henüz bilmiyorum' } })).toBe(
      'belirsiz',
    );
    expect(rsvpOf({ type: 'button', button: { text: 'Katılacağım' } })).toBe('katilacak');
    expect(
      rsvpOf({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'RSVP_NO', title: 'x' } },
      }),
    ).toBe('katilamayacak');
  });
  it('reads clear whole-message texts in any case and punctuation, nothing vaguer', () => {
    expect(rsvpOf({ type: 'text', text: { body: 'KATILACAĞIM!' } })).toBe('katilacak');
    expect(rsvpOf({ type: 'text', text: { body: 'Evet' } })).toBe('katilacak');
    expect(rsvpOf({ type: 'text', text: { body: 'gelemiyorum 🙁' } })).toBe('katilamayacak');
    expect(rsvpOf({ type: 'text', text: { body: 'Henüz bilmiyorum.' } })).toBe('belirsiz');
    expect(rsvpOf({ type: 'text', text: { body: 'Evet ama biraz geç kalabilirim' } })).toBeNull();
    expect(rsvpOf({ type: 'image' })).toBeNull();
  });
  it('shows what was written or pressed', () => {
    expect(inboundBody({ type: 'text', text: { body: 'Merhaba' } })).toBe('Merhaba');
    expect(inboundBody({ type: 'button', button: { text: 'Katılacağım' } })).toBe('Katılacağım');
    // What is not text shows by its Turkish name, never the API's English type.
    expect(inboundBody({ type: 'sticker' })).toBe('[Çıkartma]');
    expect(inboundBody({ type: 'image', image: { caption: 'Masamız 🎉' } })).toBe('[Fotoğraf] Masamız 🎉');
    expect(inboundBody({ type: 'audio' })).toBe('[Ses kaydı]');
    expect(inboundBody({ type: 'reaction', reaction: { emoji: '❤️' } })).toBe('[Tepki] ❤️');
    expect(inboundBody({ type: 'unsupported' })).toBe('[Mesaj]');
    expect(inboundBody({ type: 'constructor' })).toBe('[Mesaj]');
  });
});

describe('webhook signature', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account"}');
  it('accepts exactly the HMAC-SHA256 of the raw bytes with the app secret', () => {
    const header = signBody(body, 'sır');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(isValidSignature(body, header, 'sır')).toBe(true);
    expect(isValidSignature(Buffer.from(`${body} `), header, 'sır')).toBe(false);
    expect(isValidSignature(body, header, 'başka')).toBe(false);
    expect(isValidSignature(body, header.slice(0, -1), 'sır')).toBe(false);
    expect(isValidSignature(body, undefined, 'sır')).toBe(false);
    expect(isValidSignature(body, header, undefined)).toBe(false);
  });
  it('compares verify tokens without accepting blanks', () => {
    expect(sameSecret('a', 'a')).toBe(true);
    expect(sameSecret('a', 'b')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
    expect(sameSecret(undefined, 'a')).toBe(false);
  });
});

describe('delivery status order', () => {
  it('only moves forward: queued → sent → (failed) → delivered → read', () => {
    expect(laterStatus('read', 'delivered')).toBe('read');
    expect(laterStatus('delivered', 'sent')).toBe('delivered');
    expect(laterStatus('sent', 'read')).toBe('read');
    expect(laterStatus('sent', 'failed')).toBe('failed');
    expect(laterStatus('delivered', 'failed')).toBe('delivered');
    expect(laterStatus('queued', 'sent')).toBe('sent');
  });
});

describe('odd webhook bodies', () => {
  it('are read without throwing', () => {
    const odd = { type: 'text', text: { body: 42 } } as unknown as Parameters<typeof rsvpOf>[0];
    expect(rsvpOf(odd)).toBeNull();
    expect(inboundBody(odd)).toBe('[Mesaj]');
    expect(rsvpOf({ type: 'button', button: { payload: 'constructor' } })).toBeNull();
    expect(inboundBody({ type: 'text', text: { body: 'a\u0000b' } })).toBe('ab');
  });
});
