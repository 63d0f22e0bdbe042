import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { liveAdded, liveEventNames, liveHeartbeatMs, liveRemoved, type WallItem } from '@ani/contract/live';
import { limits } from '@ani/contract/limits';
import { fetchWall, liveUrl, WallDenied, WallGone, WallRenewed } from './wall-api';
import type { WallAction } from './wall-queue';

export type WallPhase = 'loading' | 'ready' | 'denied' | 'renewed' | 'gone' | 'failed';
/** What the wall shows besides its items, from the latest read of the list. */
export type WallMeta = { title: string; uploadUrl: string; autoApprovePhotos: boolean };
export type LiveStatus = 'live' | 'connecting' | 'offline';

/** The list is re-read now and then: it renews the signed media URLs long before they run out and heals anything the stream missed. */
const refreshEveryMs = 30 * 60 * 1000;
const retryMaxMs = 30_000;
/**
 * A stream that has said nothing (not even its heartbeat) for this long is taken for dead and opened
 * anew: a venue's Wi-Fi that lost the internet keeps the socket open and silent, and the browser's
 * EventSource would wait on it for minutes while the wall said "Canlı".
 */
const silenceMs = 3 * liveHeartbeatMs;
/** A failing picture asks for a re-read at most this often (a broken file must not hammer the server). */
const healEveryMs = 60_000;
/** A later page that fails is asked again after 1, 2, 4, 8 and 16 s; then the next re-read finishes the album. */
const pageRetries = 5;

/** Waits `ms`, or less when the wall goes away. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * The wall's data: the list's first page, then the live stream (`photo`, `removed`) into the queue while
 * the older pages load in the background (up to `limits.wallMaxItems` items). The browser reconnects an
 * EventSource by itself with `Last-Event-ID` after a dropped connection; when it gives up (the server
 * answered with an error, or was down long enough) the list is read again — a refused token ends on the
 * "link expired" screen, a deleted event on the "event gone" one, anything else is retried with a growing
 * pause.
 */
export function useWallFeed(eventId: string, token: string | null, dispatch: Dispatch<WallAction>) {
  const [phase, setPhase] = useState<WallPhase>('loading');
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [meta, setMeta] = useState<WallMeta | null>(null);
  const [generation, setGeneration] = useState(0);
  const healRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let loaded = false;
    // Each read of the list counts; a newer read stops an older one's paging.
    let reads = 0;

    /**
     * Reads the list. The first read starts the wall with its first page and appends the older pages as
     * they come; a re-read (reconnect, every 30 minutes, a failing picture) gathers every page and then
     * replaces the wall's list in one step. Answers the first page's stream position.
     */
    const load = async (): Promise<string> => {
      const read = ++reads;
      const again = loaded;
      if (again) dispatch({ type: 'repage' });
      const first = await fetchWall(eventId, token, { signal: abort.signal });
      setMeta({ title: first.title, uploadUrl: first.uploadUrl, autoApprovePhotos: first.autoApprovePhotos });
      if (!again && !loaded) {
        dispatch({ type: 'start', items: first.items });
        loaded = true;
        setPhase('ready');
      }
      void readRest(read, first.nextToken, again ? [...first.items] : null, first.items.length);
      return first.lastEventId;
    };
    const readRest = async (
      read: number,
      nextToken: string | null,
      gathered: WallItem[] | null,
      had: number,
    ) => {
      let failures = 0;
      for (let have = had; nextToken && have < limits.wallMaxItems && read === reads;) {
        let page;
        try {
          page = await fetchWall(eventId, token, { nextToken, signal: abort.signal });
        } catch (error) {
          if (abort.signal.aborted || error instanceof WallDenied || failures >= pageRetries) return;
          await pause(1000 * 2 ** failures++, abort.signal);
          continue;
        }
        if (read !== reads) return;
        failures = 0;
        if (gathered) gathered.push(...page.items);
        else dispatch({ type: 'append', items: page.items });
        have += page.items.length;
        nextToken = page.nextToken;
      }
      if (gathered && read === reads && !abort.signal.aborted)
        dispatch({ type: 'reconcile', items: gathered.slice(0, limits.wallMaxItems) });
    };
    const giveUp = (error: unknown) => {
      if (abort.signal.aborted) return;
      if (error instanceof WallDenied) {
        setPhase(error instanceof WallGone ? 'gone' : error instanceof WallRenewed ? 'renewed' : 'denied');
        return;
      }
      setStatus('offline');
      if (!loaded) setPhase('failed');
      later();
    };
    // A growing pause: a server that refuses the stream (too many screens) is not asked again at once.
    const later = () => {
      retry = setTimeout(() => void connect(), Math.min(retryMaxMs, 1000 * 2 ** attempt++));
    };
    const open = (lastEventId: string) => {
      const es = new EventSource(liveUrl(eventId, token, lastEventId));
      source = es;
      let openedBefore = false;
      heardAt = Date.now();
      // Anything heard (the heartbeat too) proves the stream alive, also after "offline" said otherwise.
      const heard = () => {
        heardAt = Date.now();
        if (source === es) setStatus('live');
      };
      es.addEventListener(liveEventNames.added, (e) => {
        heard();
        const item = liveAdded.safeParse(JSON.parse((e as MessageEvent<string>).data));
        if (item.success) dispatch({ type: 'add', item: item.data });
      });
      es.addEventListener(liveEventNames.removed, (e) => {
        heard();
        const removed = liveRemoved.safeParse(JSON.parse((e as MessageEvent<string>).data));
        if (removed.success) dispatch({ type: 'remove', id: removed.data.id });
      });
      es.addEventListener(liveEventNames.ping, heard);
      es.onopen = () => {
        heard();
        attempt = 0;
        setStatus('live');
        // After the browser's own reconnect, one re-read covers anything a server without a replay missed.
        if (openedBefore) void load().catch(() => undefined);
        openedBefore = true;
      };
      es.onerror = () => {
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          source = null;
          setStatus('offline');
          later();
        } else setStatus('connecting');
      };
    };
    const connect = async () => {
      setStatus('connecting');
      try {
        const lastEventId = await load();
        if (!abort.signal.aborted) open(lastEventId);
      } catch (error) {
        giveUp(error);
      }
    };

    // The watchdog: a stream silent past `silenceMs` is closed and everything read anew (list, then
    // a new stream from its position), as after a drop the browser gave up on.
    let heardAt = Date.now();
    const watchdog = setInterval(() => {
      if (!source || source.readyState !== EventSource.OPEN || Date.now() - heardAt < silenceMs) return;
      source.close();
      source = null;
      void connect();
    }, liveHeartbeatMs);
    // The device itself knows it lost its network: say so at once, and try again as soon as it is back.
    const offline = () => setStatus('connecting');
    // Back online: a stream left from before is not trusted (it may be the dead half of the old
    // network's socket); the list is read again and a new stream opened, without the retry pause.
    const online = () => {
      source?.close();
      source = null;
      clearTimeout(retry);
      void connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);

    let lastHeal = 0;
    healRef.current = () => {
      const now = Date.now();
      if (now - lastHeal < healEveryMs) return;
      lastHeal = now;
      void load().catch(() => undefined);
    };

    void connect();
    const refresh = setInterval(() => void load().catch(() => undefined), refreshEveryMs);
    return () => {
      abort.abort();
      source?.close();
      clearTimeout(retry);
      clearInterval(refresh);
      clearInterval(watchdog);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [eventId, token, dispatch, generation]);

  const retryNow = useCallback(() => {
    setPhase('loading');
    setGeneration((g) => g + 1);
  }, []);
  const heal = useCallback(() => healRef.current(), []);
  return { phase, status, meta, retryNow, heal };
}
