import { createHmac, timingSafeEqual } from 'node:crypto';

/** Meta's X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function signBody(body: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Constant-time check of the signature header against the raw bytes received. */
export function isValidSignature(
  body: Buffer,
  header: string | undefined,
  secret: string | undefined,
): boolean {
  if (!secret || !header) return false;
  const expected = Buffer.from(signBody(body, secret));
  const given = Buffer.from(header.trim());
  // timingSafeEqual needs equal lengths; a wrong length is wrong whatever its content.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time string comparison for the verification handshake's token. */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
