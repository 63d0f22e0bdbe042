/** The `message` of a JSON answer of ours, or null when the body is not one. */
export function serverMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const message = (body as Record<string, unknown>).message;
  return typeof message === 'string' && message ? message : null;
}
