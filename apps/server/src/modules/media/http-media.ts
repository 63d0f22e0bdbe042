import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { messages } from '@ani/contract/messages';
import { ErrorCode } from '../../http/errors.ts';

/** The query of a signed link (media file or album download): checked by the signature, bounded here. */
export const signedQuery = z.record(z.string(), z.string().max(1000));

/**
 * The query of a link signed with no parameters of its own (no `dl`, no `ct`), read straight from a
 * raw URL's query string (after the `?`): `exp` then `sig`, as the signer writes them, with nothing
 * to decode. This is what `signedQuery` parses such a query to; any other spelling gets undefined
 * and is left to it.
 */
export function plainSignedQuery(search: string): { exp: string; sig: string } | undefined {
  const match = /^exp=(\d{1,20})&sig=([\w-]{43})$/.exec(search);
  return match ? { exp: match[1]!, sig: match[2]! } : undefined;
}

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range (what video players send to seek). Several ranges or a malformed header get
 * the whole file (allowed by RFC 9110); a range starting past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (to && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function rangeNotSatisfiable(reply: FastifyReply, size: number) {
  return reply
    .status(416)
    .header('content-range', `bytes */${size}`)
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', 'inline')
    .send({ success: false, message: messages.media.rangeNotSatisfiable, code: ErrorCode.VALIDATION });
}
