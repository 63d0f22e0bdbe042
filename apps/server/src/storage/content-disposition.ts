/**
 * A Content-Disposition value that is safe whatever the name holds: an ASCII fallback
 * plus the RFC 5987 UTF-8 form, so Turkish names survive and no quote or newline escapes.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName?: string): string {
  if (!fileName) return type;
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\;]/g, '_')
    .trim();
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii || 'dosya'}"; filename*=UTF-8''${encoded}`;
}
