/**
 * The seconds a `Retry-After` header asks a client to wait: a number of seconds, or an HTTP date
 * (counted from `now`). Null when the header is missing or says nothing usable.
 */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
