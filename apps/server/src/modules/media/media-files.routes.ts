import type { IncomingHttpHeaders } from 'node:http';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { FastAnswer, FastAnswers } from '../../http/fast-answers.ts';
import type { HeaderList } from '../../http/security-headers.ts';
import { contentDisposition } from '../../storage/content-disposition.ts';
import type { HotFiles } from '../../storage/hot-files.ts';
import type { AlbumService } from './album.service.ts';
import { mimeForExtension } from './detect-media-type.ts';
import { etagMatches, parseRange, plainSignedQuery, rangeNotSatisfiable, signedQuery } from './http-media.ts';

// The signed media link (`/api/media/<key>?exp&sig`): the album's photos, previews, thumbnails and
// videos, answered from memory, handed to nginx, or streamed from disk. It is the busiest route of a
// wedding night (every phone's album and the live wall), so its headers are built once, and its
// commonest answers are given ahead of Fastify's routing (`fastAnswers`, decision 0121).

/** @fastify/send takes a URL-encoded path; data directories may hold any character. */
const encodePath = (file: string) => file.split('/').map(encodeURIComponent).join('/');

export const mediaFileRoutes: FastifyPluginAsync<{
  album: AlbumService;
  accelRedirect?: string;
  hotFiles?: HotFiles;
  securityHeaders: HeaderList;
  /** Where the whole answers (from memory, the hand-off) are also given before Fastify routes. */
  fastAnswers: FastAnswers;
}> = async (fastify, { album, accelRedirect, hotFiles, securityHeaders, fastAnswers }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Every answer of this route carries the app's security headers, with the sandbox policy of a file
  // in place of the page's CSP (whatever a file really holds, the browser never runs it as a page).
  const security = securityHeaders.map(([name, value]) =>
    name === 'content-security-policy'
      ? ([name, "default-src 'none'; sandbox"] as const)
      : ([name, value] as const),
  );
  if (!security.some(([name]) => name === 'x-content-type-options'))
    security.push(['x-content-type-options', 'nosniff']);
  const fixedHeaders = [
    ...security.flat(),
    // Private: album photos must not land in shared caches. Immutable: a key never changes content.
    'cache-control',
    'private, max-age=31536000, immutable',
    'accept-ranges',
    'bytes',
  ];
  /** The headers of a file answer that depend only on the link: validators, type, disposition. */
  const fileHeaders = (key: string, ct: string | undefined, dl: string | undefined): string[] => {
    const name = key.slice(key.lastIndexOf('/') + 1);
    return [
      ...fixedHeaders,
      // Keys are never reused for other bytes, so the key itself is a strong validator: a
      // revalidation is answered before touching the disk.
      'etag',
      `"${name}"`,
      'content-type',
      ct ?? mimeForExtension(key.slice(key.lastIndexOf('.') + 1)),
      'content-disposition',
      contentDisposition(dl ? 'attachment' : 'inline', dl ?? name),
    ];
  };
  /**
   * The answers written whole, in one `writeHead`, for a link already checked: a thumbnail or
   * preview held in memory (0115), asked for whole by a browser without a cached copy, from the
   * header list built when it entered memory; or, behind nginx, the hand-off (nginx sends the file
   * from its internal location, ranges included; we only decided that this link may have it and what
   * the headers say). Undefined for everything else (validators, ranges, files read from disk).
   * Given both by the route and ahead of it, so the two cannot differ.
   */
  const wholeAnswer = (
    key: string,
    query: Record<string, string | undefined>,
    request: IncomingHttpHeaders,
  ): FastAnswer | undefined => {
    if (request['if-none-match'] !== undefined) return undefined;
    if (query.ct === undefined && query.dl === undefined && request.range === undefined) {
      const hot = hotFiles?.get(key);
      if (hot) return { headers: hot.headers, body: hot.body };
    }
    if (!accelRedirect) return undefined;
    const headers = fileHeaders(key, query.ct, query.dl);
    headers.push('x-accel-redirect', `${accelRedirect}${key}`, 'content-length', '0');
    return { headers };
  };
  /**
   * A whole answer sent through Fastify (what `inject` and the rare request the fast answer leaves
   * to Fastify get): no hook copies its headers one by one, and Fastify's send path is skipped.
   * Headers other hooks put on the reply (the request id) are kept.
   */
  const writeWhole = (reply: FastifyReply, { headers, body }: FastAnswer) => {
    const all = headers.slice();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (Array.isArray(value)) for (const one of value) all.push(name, one);
      else if (value !== undefined) all.push(name, String(value));
    }
    reply.hijack();
    reply.raw.writeHead(200, all);
    reply.raw.end(body);
    return reply;
  };

  // Ahead of Fastify: only a plain link (`exp` and `sig`, nothing to decode) whose path is a valid key
  // as written, checked as the route checks it; the key and query are then exactly what the route
  // would read. A refused link throws, and Fastify answers it (403) as always. What can only be the
  // route's to answer (a revalidation, a range or a file not in memory, without the hand-off) is
  // left to it before the link is checked, so such a link is checked once, not twice.
  const prefix = `${fastify.prefix}/media/`;
  fastAnswers.add({
    route: `${fastify.prefix}/media/*`,
    prefix,
    answer(req) {
      const { headers } = req;
      if (headers['if-none-match'] !== undefined) return undefined;
      if (!accelRedirect && (headers.range !== undefined || !hotFiles)) return undefined;
      const url = req.url!;
      const mark = url.indexOf('?', prefix.length);
      if (mark === -1) return undefined;
      const query = plainSignedQuery(url.slice(mark + 1));
      if (!query) return undefined;
      const key = url.slice(prefix.length, mark);
      if (!accelRedirect && !hotFiles!.has(key)) return undefined;
      album.checkMediaLink(key, query);
      return wholeAnswer(key, query, headers);
    },
  });

  app.get(
    '/media/*',
    {
      schema: { querystring: signedQuery },
      config: { ownSecurityHeaders: true, opensInBrowser: true },
      // Answers sent through Fastify (refusals, 304, 206, 416, files streamed from disk) get the
      // same security headers as the ones written whole.
      onSend: (_request, reply, payload, done) => {
        for (const [name, value] of security) reply.header(name, value);
        done(null, payload);
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { query } = request;
      album.checkMediaLink(key, query);
      const whole = wholeAnswer(key, query, request.headers);
      if (whole) return writeWhole(reply, whole);
      const plain = query.ct === undefined && query.dl === undefined;
      const ifNoneMatch = request.headers['if-none-match'];
      const headers = fileHeaders(key, query.ct, query.dl);
      for (let i = 0; i < headers.length; i += 2) reply.header(headers[i]!, headers[i + 1]);
      if (etagMatches(ifNoneMatch, `"${key.slice(key.lastIndexOf('/') + 1)}"`))
        return reply.status(304).send();
      if (accelRedirect) return reply.header('x-accel-redirect', `${accelRedirect}${key}`).send();
      // A Range naming another version (If-Range) gets the whole file; the key never changes bytes,
      // so only our own ETag can match.
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === reply.getHeader('etag') ? request.headers.range : undefined;
      const hot = hotFiles?.get(key);
      if (hot) {
        const size = hot.body.length;
        const part = parseRange(range, size);
        if (part === 'unsatisfiable') return rangeNotSatisfiable(reply, size);
        reply.header('last-modified', hot.mtime.toUTCString());
        if (!part) return reply.send(hot.body);
        return reply
          .status(206)
          .header('content-range', `bytes ${part.start}-${part.end}/${size}`)
          .send(hot.body.subarray(part.start, part.end + 1));
      }
      const file = album.mediaFile(key);
      const sent = await send(
        { method: request.method, headers: range ? { range } : {} } as never,
        encodePath(file),
        {
          acceptRanges: true,
          cacheControl: false,
          etag: false,
          lastModified: true,
          contentType: false,
          dotfiles: 'allow',
          index: false,
          highWaterMark: 256 * 1024,
        },
      );
      if (sent.type === 'error') {
        if (sent.statusCode === 404) {
          // The refusal is not the file: none of its headers (a year's immutable caching, its name,
          // its validator) may go with it, or a browser would keep the 404 for a year.
          for (let i = 0; i < headers.length; i += 2) reply.removeHeader(headers[i]!);
          reply.header('cache-control', 'no-store');
          throw new AppError(ErrorCode.NOT_FOUND, messages.media.fileGone);
        }
        if (sent.statusCode === 416) {
          return rangeNotSatisfiable(
            reply,
            Number(/\/(\d+)$/.exec(sent.headers['Content-Range'] ?? '')?.[1]),
          );
        }
        throw sent.metadata.error;
      }
      if (sent.type === 'file') {
        const { stat } = sent.metadata;
        // What a later whole answer from memory sends: the default type and disposition, whatever
        // this request asked for.
        const whole = plain ? headers : fileHeaders(key, undefined, undefined);
        hotFiles?.fill(key, file, stat, [
          ...whole,
          'last-modified',
          stat.mtime.toUTCString(),
          'content-length',
          String(stat.size),
        ]);
      }
      return reply.status(sent.statusCode).headers(sent.headers).send(sent.stream);
    },
  );
};
