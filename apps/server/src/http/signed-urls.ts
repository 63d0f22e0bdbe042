import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export type UrlSigner = {
  /** Returns `path?…&exp=…&sig=…`; the signature covers the path, every param and the expiry. */
  sign(path: string, params: Record<string, string>, expiresInSeconds: number): string;
  verify(path: string, query: Record<string, string | undefined>): boolean;
};

export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  // A KeyObject made once: a raw key is turned into one on every call, which measured 3-5x the
  // cost of the HMAC itself on each media request (decision 0114).
  const key = createSecretKey(Buffer.from(`${secret}:signed-url`));
  const digest = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const mac = (payload: string) => digest(payload).toString('base64url');
  // One line per param, `key=value`. A newline in a key or value, or `=` in a key, could make two
  // different queries read as the same lines (one key `ct=application/zip\ndl` standing for two
  // params), so such a query has no canonical form: it is never signed and never verifies. So is a
  // repeated key (an array from the query parser). Legitimate params never hold these, and links
  // already sent keep their signatures.
  const canonical = (path: string, params: Record<string, unknown>): string | null => {
    let payload = path;
    for (const k of Object.keys(params).sort()) {
      const v = params[k];
      if (k === 'sig' || v === undefined) continue;
      if (typeof v !== 'string' || /[\n=]/.test(k) || v.includes('\n')) return null;
      payload += `\n${k}=${v}`;
    }
    return payload;
  };

  // The given signature is decoded into this one buffer: verify is synchronous, so no two calls
  // share it, and the check allocates nothing for it (decision 0119).
  const given = Buffer.alloc(32);

  return {
    sign(path, params, expiresInSeconds) {
      const all = { ...params, exp: String(Math.floor(now() / 1000) + expiresInSeconds) };
      const payload = canonical(path, all);
      if (payload === null) throw new Error('signed URL: a param holds a newline, or a key holds "="');
      const query = new URLSearchParams({ ...all, sig: mac(payload) });
      return `${path}?${query.toString()}`;
    },
    // Served on every media request: the query is read in place (no copies of it), and the given
    // signature is decoded to bytes once instead of encoding the expected one to text.
    verify(path, query) {
      const sig = query.sig;
      const exp = Number(query.exp);
      // 43 characters: an unpadded base64url SHA-256; anything else cannot match.
      if (!sig || sig.length !== 43 || !Number.isFinite(exp) || exp * 1000 < now()) return false;
      // The decoder ignores the last character's two spare bits, so four spellings of one signature
      // pass; each still needs the real MAC, so this grants nothing a valid link did not. A character
      // outside the alphabet decodes to fewer than 32 bytes, so bytes left from an earlier call never
      // take part.
      if (given.write(sig, 'base64url') !== 32) return false;
      const payload = canonical(path, query);
      return payload !== null && timingSafeEqual(digest(payload), given);
    },
  };
}
