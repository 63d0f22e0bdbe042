import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A guest's phone, known without an account: the first submission to an event answers a token that
 * names a random guest id and proves, with an HMAC over the event and that id, that this server
 * issued it for this event. Nothing is stored for it; the media rows carry the guest id. A token is
 * only as secret as the phone that keeps it, and it can do no more than list and delete that phone's
 * own uploads while uploads are open.
 */
export type GuestTokens = {
  /** A new guest id and its token for the event. */
  issue(eventId: string): { guestId: string; token: string };
  /** The guest id a token names, or null when it was not issued for this event by this server. */
  verify(eventId: string, token: string | undefined): string | null;
};

const idPattern = /^[A-Za-z0-9_-]{22}$/;

export function createGuestTokens(secret: string): GuestTokens {
  const key = Buffer.from(`${secret}:guest-token`);
  const mac = (eventId: string, guestId: string) =>
    createHmac('sha256', key).update(`${eventId}\n${guestId}`).digest();

  return {
    issue(eventId) {
      const guestId = randomBytes(16).toString('base64url');
      return { guestId, token: `${guestId}.${mac(eventId, guestId).toString('base64url')}` };
    },
    verify(eventId, token) {
      if (!token || token.length > 100) return null;
      const [guestId, sig, extra] = token.split('.');
      if (extra !== undefined || !guestId || !sig || !idPattern.test(guestId)) return null;
      const given = Buffer.from(sig, 'base64url');
      return given.length === 32 && timingSafeEqual(mac(eventId, guestId), given) ? guestId : null;
    },
  };
}
