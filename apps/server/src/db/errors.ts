/**
 * The unique constraint (or, where the driver does not name it, the error message naming it) that
 * a failed insert or update hit — PostgreSQL's 23505 — or null for any other error. Drizzle wraps
 * the driver's error in `cause`; PGlite and node-postgres both carry `code` and `constraint`.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  const e = ((error as { cause?: unknown } | undefined)?.cause ?? error) as
    { code?: string; constraint?: string; message?: string } | undefined;
  if (!e || e.code !== '23505') return null;
  return e.constraint ?? String(e.message);
}
