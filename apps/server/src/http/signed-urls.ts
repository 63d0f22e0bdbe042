import { createHmac, timingSafeEqual } from 'node:crypto';

export type UrlSigner = {
  /** Returns `path?…&exp=…&sig=…`; the signature covers the path, every param and the expiry. */
  sign(path: string, params: Record<string, string>, expiresInSeconds: number): string;
  verify(path: string, query: Record<string, string | undefined>): boolean;
};

export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  const mac = (payload: string) => createHmac('sha256', `${secret}:signed-url`).update(payload).digest('base64url');
  const canonical = (path: string, params: Record<string, string>) =>
    [path, ...Object.keys(params).sort().map((k) => `${k}=${params[k]}`)].join('\n');

  return {
    sign(path, params, expiresInSeconds) {
      const all = { ...params, exp: String(Math.floor(now() / 1000) + expiresInSeconds) };
      const query = new URLSearchParams({ ...all, sig: mac(canonical(path, all)) });
      return `${path}?${query.toString()}`;
    },
    verify(path, query) {
      const { sig, ...rest } = query;
      const exp = Number(rest.exp);
      if (!sig || !Number.isFinite(exp) || exp * 1000 < now()) return false;
      const params = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => e[1] !== undefined));
      const expected = Buffer.from(mac(canonical(path, params)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
