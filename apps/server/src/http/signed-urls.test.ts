import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-urls.ts';

const now = 1_800_000_000_000;
const signer = createUrlSigner('gizli', () => now);
const path = '/api/media/events/e/a.jpg';
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed URLs', () => {
  it('signs the path, every param and the expiry with HMAC-SHA256 of the derived key', () => {
    const url = signer.sign(path, { dl: 'Düğün.jpg' }, 60);
    const q = query(url);
    const expected = createHmac('sha256', 'gizli:signed-url')
      .update(`${path}\ndl=Düğün.jpg\nexp=${now / 1000 + 60}`)
      .digest('base64url');
    expect(q.sig).toBe(expected);
    expect(signer.verify(path, q)).toBe(true);
    expect(signer.verify(`${path}x`, q)).toBe(false);
    expect(signer.verify(path, { ...q, dl: 'other.jpg' })).toBe(false);
    expect(signer.verify(path, { ...q, exp: String(now / 1000 + 61) })).toBe(false);
    expect(createUrlSigner('gizli', () => now + 61_000).verify(path, q)).toBe(false);
  });

  it('never lets a valid check leave bytes that a malformed signature checked after it could reuse', () => {
    const q = query(signer.sign(path, {}, 60));
    expect(signer.verify(path, q)).toBe(true);
    // The same signature with one character outside the alphabet decodes to 31 bytes: the decode
    // buffer still holds the 32 valid ones, and must not be compared.
    for (const sig of [
      `!${q.sig!.slice(1)}`,
      `${q.sig!.slice(0, 42)}=`,
      `${q.sig!.slice(0, 21)} ${q.sig!.slice(22)}`,
    ]) {
      expect(sig).toHaveLength(43);
      expect(signer.verify(path, { ...q, sig })).toBe(false);
    }
    expect(signer.verify(path, { ...q, sig: q.sig!.slice(0, 42) })).toBe(false);
    expect(signer.verify(path, { ...q, sig: undefined })).toBe(false);
    expect(signer.verify(path, q)).toBe(true);
  });

  it('has one reading of a signed query: a key that would stand for two params never verifies', () => {
    const q = query(signer.sign(path, { ct: 'application/zip', dl: 'arsiv.zip' }, 60));
    expect(signer.verify(path, q)).toBe(true);
    // The same lines, `ct=application/zip` and `dl=arsiv.zip`, spelled as one key and its value:
    // it would drop the forced download while keeping the signature.
    const merged = { 'ct=application/zip\ndl': 'arsiv.zip', exp: q.exp, sig: q.sig };
    expect(signer.verify(path, merged)).toBe(false);
    expect(signer.verify(path, { ct: 'application/zip\ndl=arsiv.zip', exp: q.exp, sig: q.sig })).toBe(false);
    // A repeated key arrives from the query parser as an array: no reading, no pass.
    expect(signer.verify(path, { ...q, dl: ['arsiv.zip', 'x'] } as never)).toBe(false);
    expect(() => signer.sign(path, { 'a=b': 'c' }, 60)).toThrow();
    expect(() => signer.sign(path, { a: 'b\nc' }, 60)).toThrow();
  });
});
