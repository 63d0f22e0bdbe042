import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';

/**
 * An album walk's opaque `nextToken` (decision 0005): base64url of `v1:<seq>`, the `seq` of the page's
 * last item; the next page is `seq < cursor`. The wall's also carries the live position of its walk's
 * first page (`v1:<seq>:<position>`), so every page answers the same one. Not signed: every query is
 * scoped to the caller's event, so a tampered token only moves within what the caller may read anyway.
 */
export type AlbumCursor = { seq: number; position?: number };

export function encodeCursor(cursor: AlbumCursor): string {
  const position = cursor.position === undefined ? '' : `:${cursor.position}`;
  return Buffer.from(`v1:${cursor.seq}${position}`).toString('base64url');
}

/** A token that does not decode is a 400 with a Turkish message. */
export function decodeCursor(token: string): AlbumCursor {
  const match = /^v1:(\d{1,15})(?::(\d{1,15}))?$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) throw new AppError(ErrorCode.VALIDATION, messages.media.invalidCursor);
  return { seq: Number(match[1]), ...(match[2] === undefined ? {} : { position: Number(match[2]) }) };
}
