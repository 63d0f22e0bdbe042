import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventIdParams } from '@ani/contract/events';
import {
  liveEventNames,
  liveHeartbeatMs,
  wallLinkResponse,
  wallQuery,
  wallResponse,
  wallTokenParam,
} from '@ani/contract/live';
import { messages } from '@ani/contract/messages';
import {
  deleteMyUploadResponse,
  guestTokenHeader,
  myUploadParams,
  myUploadsResponse,
} from '@ani/contract/uploads';
import { currentUser, requireUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { RateLimitError } from '../../http/rate-limit.ts';
import { createSlots, onceClosed, takeAll } from '../../http/slots.ts';
import type { LiveHub } from './live-hub.ts';
import type { LiveMessage, LiveService, WallAccess } from './live.service.ts';

/** The browser's EventSource waits this long before reconnecting after a drop. */
const reconnectMs = 3_000;
/** A client that does not read: past this many buffered bytes its stream is closed (it resumes by id). */
const maxBufferedBytes = 1024 * 1024;

/**
 * Open streams per process (a venue has a few screens; this bounds the sockets a script could hold),
 * and the heartbeat: a `ping` event this often keeps proxies and the server's idle timeout (30 s) from
 * closing a quiet stream, and tells the wall its stream is alive.
 */
type LiveLimits = { perEvent: number; perIp: number; heartbeatMs: number };
export const liveLimits: LiveLimits = { perEvent: 20, perIp: 10, heartbeatMs: liveHeartbeatMs };

const tokenQuery = wallQuery.pick({ [wallTokenParam]: true });
/**
 * `lastEventId` is where a stream starts when the browser has no `Last-Event-ID` to send yet (an
 * EventSource cannot set headers): the wall's list answer names it. The header wins on reconnects.
 */
const liveQuery = tokenQuery.extend({ lastEventId: z.string().max(20).optional() });

const wallAccess = (request: FastifyRequest<{ Querystring: z.infer<typeof tokenQuery> }>): WallAccess => ({
  user: request.user,
  wallToken: request.query[wallTokenParam],
});

function guestToken(request: FastifyRequest): string | undefined {
  const token = request.headers[guestTokenHeader];
  return typeof token === 'string' ? token : undefined;
}

function sseMessage(message: LiveMessage): string {
  const event = message.kind === 'photo' ? liveEventNames.added : liveEventNames.removed;
  return `id: ${message.id}\nevent: ${event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

/** The venue's wall (its list and live stream), its link, and a guest's own uploads. */
export const liveRoutes: FastifyPluginAsync<{
  service: LiveService;
  hub: LiveHub;
  limits: LiveLimits;
}> = async (fastify, { service, hub, limits }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perEvent = createSlots(limits.perEvent);
  const perIp = createSlots(limits.perIp);
  // Each open stream's way to end it, with the event it follows and its wall link's generation (null:
  // the owner's stream).
  const open = new Map<() => void, { eventId: string; linkVersion: number | null }>();
  // Streams never end by themselves: shutting down ends them, then the server can close.
  app.addHook('preClose', async () => {
    for (const end of [...open.keys()]) end();
    await hub.close();
  });

  app.post(
    '/events/:eventId/wall-link',
    { onRequest: requireUser, schema: { params: eventIdParams, response: { 200: wallLinkResponse } } },
    async (request) => service.wallLink(currentUser(request), request.params.eventId),
  );

  app.post(
    '/events/:eventId/wall-link/renew',
    {
      onRequest: requireUser,
      schema: {
        description:
          'Renews the wall link: every link made before stops working (403) and their open streams end; ' +
          'answers a link of the new generation.',
        params: eventIdParams,
        response: { 200: wallLinkResponse },
      },
    },
    async (request) => {
      const { eventId } = request.params;
      const { link, version } = await service.renewWallLink(currentUser(request), eventId);
      // This process's walls of older links end at once; other instances' on the wake the renewal
      // sent them, when they find the link renewed.
      for (const [end, stream] of [...open])
        if (stream.eventId === eventId && stream.linkVersion !== null && stream.linkVersion < version) end();
      return link;
    },
  );

  app.get(
    '/events/:eventId/wall',
    { schema: { params: eventIdParams, querystring: wallQuery, response: { 200: wallResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { limit, nextToken } = request.query;
      return service.wall(wallAccess(request), request.params.eventId, { limit, nextToken });
    },
  );

  app.get(
    '/events/:eventId/live',
    {
      schema: {
        description:
          'Server-Sent Events (text/event-stream): `photo` (data: a wall item) when an approved item becomes ' +
          'showable, `removed` (data: {id}) when it leaves the album; each with an `id:` to resume from ' +
          '(`Last-Event-ID`). A `ping` event every 15 s as heartbeat.',
        params: eventIdParams,
        querystring: liveQuery,
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const header = request.headers['last-event-id'];
      const opened = await service.openStream(
        wallAccess(request),
        eventId,
        (typeof header === 'string' ? header : undefined) ?? request.query.lastEventId,
      );
      let position = opened.position;
      const taken = takeAll([
        [perEvent, eventId],
        [perIp, request.ip],
      ]);
      if ('full' in taken) throw new RateLimitError(30, messages.wall.tooManyStreams);
      const { release } = taken;
      let reading = false;
      let again = false;
      let streaming = false;
      let unsubscribe: () => void;
      try {
        // Subscribed before the first read: a change committed in between is read, not missed.
        unsubscribe = await hub.subscribe(eventId, () => {
          if (streaming) void pump();
        });
      } catch (error) {
        release();
        request.log.warn({ err: error, eventId }, 'live stream: cannot listen for changes');
        throw new AppError(ErrorCode.UNAVAILABLE, messages.generic.unavailable);
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // Proxies and browsers must pass each message on at once, never cache or buffer the stream.
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: ${reconnectMs}\n\n`);

      let ended = false;
      // No `id:`: a heartbeat is no position in the stream, so a reconnect resumes where it was.
      const heartbeat = setInterval(
        () => send(`event: ${liveEventNames.ping}\ndata: {}\n\n`),
        limits.heartbeatMs,
      );
      // The link's end ends its stream (a timer's longest wait is ~24.8 days: past it, the client
      // reconnects and is let in again until the link's true end).
      const expiry =
        opened.closesAt &&
        setTimeout(() => end(), Math.min(Math.max(0, opened.closesAt.getTime() - Date.now()), 2 ** 31 - 1));
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry ?? undefined);
        unsubscribe();
        open.delete(end);
        release();
        res.end();
      };
      open.set(end, { eventId, linkVersion: opened.linkVersion });
      // The client went away (or the socket failed): the response's connection is closed. It may
      // have gone while the stream was being opened, before anything listened for it.
      onceClosed(res, end);
      function send(chunk: string) {
        if (ended) return;
        res.write(chunk);
        // A client that stopped reading gets closed instead of growing this process's memory.
        if (res.writableLength > maxBufferedBytes) end();
      }
      // One read at a time per stream; a wake during a read runs one more read after it.
      async function pump(): Promise<void> {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            let read = 0;
            for (let more = true; more && !ended;) {
              const batch = await service.liveSince(eventId, position);
              for (const message of batch.messages) send(sseMessage(message));
              read += batch.messages.length;
              position = batch.next;
              more = batch.more;
            }
            // Woken with nothing new: the event may have been deleted with its log, or the wall link
            // renewed. Such walls are closed; their reconnect is refused, and they say why.
            if (read === 0 && !ended && !(await service.streamAllowed(eventId, opened.linkVersion))) end();
          } while (again && !ended);
        } catch (error) {
          // The database is away: the client reconnects with its last id and loses nothing.
          request.log.warn({ err: error, eventId }, 'live stream: reading the log failed');
          end();
        } finally {
          reading = false;
        }
      }
      streaming = true;
      // Catches up with everything after the position, including changes notified before now.
      await pump();
    },
  );

  app.get(
    '/events/:eventId/my-uploads',
    { schema: { params: eventIdParams, response: { 200: myUploadsResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.myUploads(request.params.eventId, guestToken(request));
    },
  );

  app.delete(
    '/events/:eventId/my-uploads/:photoId',
    { schema: { params: myUploadParams, response: { 200: deleteMyUploadResponse } } },
    async (request) =>
      service.deleteMyUpload(request.params.eventId, request.params.photoId, guestToken(request)),
  );
};
