import { type CSSProperties, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import { ChevronLeft, ChevronRight, Expand, Link2Off, Pause, Play, WifiOff } from 'lucide-react';
import { wallTokenParam } from '@ani/contract/live';
import { messages } from '@ani/contract/messages';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { createWallLink } from '../../../lib/wall-link';
import { useWallFeed, type LiveStatus } from '../use-wall-feed';
import {
  currentItem,
  emptyQueue,
  slideDeadline,
  upcoming,
  wallReducer,
  type SlideTiming,
} from '../wall-queue';
import { WallSlide, type SlideRole } from './wall-slide';

const m = messages.wall;

const defaultSlideMs = 8000;
/** A video plays to its end, but never longer than this. */
const videoMaxMs = 30_000;
const idleMs = 3000;

/**
 * `?slideMs=` speeds the wall up or slows it down (bounded); the soak benchmark runs a night's slides in
 * minutes with it. Everything else scales from the slide time, so a fast wall stays consistent.
 */
function timingFrom(params: URLSearchParams): SlideTiming & { fadeMs: number } {
  const asked = Number(params.get('slideMs'));
  const slideMs =
    Number.isFinite(asked) && asked > 0 ? Math.min(120_000, Math.max(50, asked)) : defaultSlideMs;
  return {
    slideMs,
    cutAfterMs: Math.min(800, slideMs / 4),
    freshMinMs: Math.min(4000, slideMs / 2),
    // Without motion the slides cut; everything else stays the same.
    fadeMs: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : Math.min(1200, slideMs / 4),
  };
}

type TokenState = { token: string | null; denied: boolean; failed: boolean };

/** The venue computer brings `?wall=`; the signed-in owner's tab asks for a token with its session. */
function useWallToken(eventId: string, urlToken: string | null): TokenState & { retry: () => void } {
  const { token: session } = useSession();
  const [state, setState] = useState<TokenState>({ token: null, denied: false, failed: false });
  const [attempt, setAttempt] = useState(0);
  const needLink = !urlToken && session !== null;
  useEffect(() => {
    if (!needLink) return;
    let stale = false;
    createWallLink(eventId).then(
      (link) => !stale && setState({ token: link.token, denied: false, failed: false }),
      (error: unknown) => {
        if (stale) return;
        const denied = error instanceof ApiError && error.kind === 'http' && error.status < 500;
        setState({ token: null, denied, failed: !denied });
      },
    );
    return () => {
      stale = true;
    };
  }, [eventId, needLink, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  if (urlToken) return { token: urlToken, denied: false, failed: false, retry };
  if (!session) return { token: null, denied: true, failed: false, retry };
  return { ...state, retry };
}

/** /events/{eventId}/wall: the venue's full-screen slideshow, fed live. */
export function WallPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const timing = useMemo(() => timingFrom(params), [params]);
  const link = useWallToken(eventId, params.get(wallTokenParam));
  const [queue, dispatch] = useReducer(wallReducer, emptyQueue);
  const feed = useWallFeed(eventId, link.token, dispatch);

  useEffect(() => {
    document.title = feed.meta ? `${feed.meta.title} · ${m.action}` : m.action;
  }, [feed.meta]);

  if (link.denied || feed.phase === 'denied') {
    return (
      <Screen>
        <Link2Off aria-hidden className="h-14 w-14 text-brand-300" />
        <h1 className="mt-6 font-display text-[clamp(1.75rem,4vw,3.5rem)] font-semibold">{m.invalidTitle}</h1>
        <p className="mt-4 max-w-2xl text-[clamp(1rem,1.8vw,1.5rem)] text-white/80">{m.invalidText}</p>
      </Screen>
    );
  }
  if (link.failed || feed.phase === 'failed') {
    return (
      <Screen>
        <WifiOff aria-hidden className="h-14 w-14 text-amber-300" />
        <h1 className="mt-6 font-display text-[clamp(1.75rem,4vw,3.5rem)] font-semibold">{m.failedTitle}</h1>
        <p className="mt-4 max-w-2xl text-[clamp(1rem,1.8vw,1.5rem)] text-white/80">{m.failedText}</p>
        <button
          type="button"
          onClick={link.failed ? link.retry : feed.retryNow}
          className="mt-8 cursor-pointer rounded-full bg-white px-6 py-3 font-semibold text-stone-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {m.retry}
        </button>
      </Screen>
    );
  }
  if (!link.token || feed.phase === 'loading' || !feed.meta) {
    return (
      <Screen>
        <Spinner label={m.loading} size={10} className="text-white" />
        <p className="mt-4 text-white/70">{m.loading}</p>
      </Screen>
    );
  }
  const uploadUrl = new URL(feed.meta.uploadUrl, window.location.origin).href;
  return (
    <Slideshow
      title={feed.meta.title}
      uploadUrl={uploadUrl}
      status={feed.status}
      queue={queue}
      dispatch={dispatch}
      timing={timing}
      onMediaFailed={feed.heal}
    />
  );
}

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <main className="fixed inset-0 flex flex-col items-center justify-center bg-stone-950 bg-[radial-gradient(ellipse_at_center,#2a1f1f_0%,#0c0a09_70%)] p-8 text-center text-white">
      {children}
    </main>
  );
}

function Slideshow({
  title,
  uploadUrl,
  status,
  queue,
  dispatch,
  timing,
  onMediaFailed,
}: {
  title: string;
  uploadUrl: string;
  status: LiveStatus;
  queue: ReturnType<typeof wallReducer>;
  dispatch: React.Dispatch<Parameters<typeof wallReducer>[1]>;
  timing: ReturnType<typeof timingFrom>;
  onMediaFailed: () => void;
}) {
  const [paused, setPaused] = useState(false);
  const [active, setActive] = useState(true);
  const root = useRef<HTMLElement>(null);
  const current = currentItem(queue);
  const currentId = queue.current;
  const next = upcoming(queue);

  // The picture that was on screen stays under the new one while it fades in; a removed one does not.
  const [shown, setShown] = useState<{ id: string | null; leaving: typeof current }>({
    id: queue.current,
    leaving: null,
  });
  if (shown.id !== queue.current) {
    const before = shown.id ? (queue.items.find((i) => i.id === shown.id) ?? null) : null;
    setShown({ id: queue.current, leaving: before });
  }
  const leaving = shown.leaving;
  useEffect(() => {
    if (!leaving) return;
    const t = setTimeout(() => setShown((s) => ({ ...s, leaving: null })), timing.fadeMs);
    return () => clearTimeout(t);
  }, [leaving, timing.fadeMs]);

  // Slide timing: the clock restarts when the slide changes and when the wall resumes.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, [currentId, paused]);
  const freshWaiting = queue.fresh.length > 0;
  const isVideo = current?.type === 'video';
  useEffect(() => {
    if (paused || currentId === null) return;
    const t = isVideo ? { ...timing, slideMs: Math.max(timing.slideMs, videoMaxMs) } : timing;
    const now = performance.now();
    const deadline = slideDeadline(t, shownAt.current, now, freshWaiting, queue.currentWasFresh);
    const timer = setTimeout(() => dispatch({ type: 'next' }), Math.max(0, deadline - now));
    return () => clearTimeout(timer);
  }, [currentId, queue.currentWasFresh, freshWaiting, isVideo, paused, timing, dispatch]);

  const onEnded = useCallback(
    (id: string) => {
      if (id === currentId) dispatch({ type: 'next' });
    },
    [currentId, dispatch],
  );
  const onFailed = useCallback(
    (id: string) => {
      // An unreadable or expired picture is skipped, and the list re-read (its URLs may have run out).
      onMediaFailed();
      if (id === currentId) dispatch({ type: 'next' });
    },
    [currentId, dispatch, onMediaFailed],
  );

  // Controls and the cursor show on activity and hide after a few quiet seconds.
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controls = useRef<HTMLDivElement>(null);
  const wake = useCallback(() => {
    setActive(true);
    clearTimeout(idleTimer.current);
    const rest = () => {
      // A control the keyboard is on stays visible (and Space then presses it, as the button says).
      if (controls.current?.contains(document.activeElement)) idleTimer.current = setTimeout(rest, idleMs);
      else setActive(false);
    };
    idleTimer.current = setTimeout(rest, idleMs);
  }, []);
  useEffect(() => {
    idleTimer.current = setTimeout(() => setActive(false), idleMs);
    return () => clearTimeout(idleTimer.current);
  }, []);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void root.current?.requestFullscreen().catch(() => undefined);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      // Buttons keep their own Space/Enter; the wall's keys work everywhere else.
      if (e.key === ' ' && e.target instanceof Element && e.target.closest('button')) return;
      if (e.key === ' ') setPaused((p) => !p);
      else if (e.key === 'ArrowRight') dispatch({ type: 'next' });
      else if (e.key === 'ArrowLeft') dispatch({ type: 'back' });
      else if (e.key === 'f' || e.key === 'F') toggleFullscreen();
      else return;
      e.preventDefault();
      wake();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, toggleFullscreen, wake]);

  const layers: { item: NonNullable<typeof current>; role: SlideRole }[] = [];
  if (leaving && leaving.id !== current?.id) layers.push({ item: leaving, role: 'leaving' });
  if (current) layers.push({ item: current, role: 'current' });
  if (next && next.id !== leaving?.id) layers.push({ item: next, role: 'upcoming' });

  return (
    <main
      ref={root}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
      aria-label={`${title} — ${m.action}`}
      // The controls and their hint take about this much of the bottom edge while they show.
      style={{ '--wall-controls-space': active ? '6.5rem' : '0px' } as CSSProperties}
      className={cn(
        'fixed inset-0 overflow-hidden bg-stone-950 bg-[radial-gradient(ellipse_at_center,#1c1917_0%,#0c0a09_75%)] text-white select-none',
        !active && 'cursor-none',
      )}
    >
      {current ? (
        layers.map(({ item, role }) => (
          <WallSlide
            key={item.id}
            item={item}
            role={role}
            fadeMs={timing.fadeMs}
            paused={paused}
            onEnded={onEnded}
            onFailed={onFailed}
          />
        ))
      ) : (
        <WaitingScreen title={title} uploadUrl={uploadUrl} />
      )}

      <div className="pointer-events-none absolute inset-x-0 top-0 z-30 flex items-start justify-between gap-4 bg-gradient-to-b from-black/50 to-transparent p-[2vw] pb-[6vh]">
        {/* The waiting screen shows the title large already. */}
        <p className="truncate font-display text-[clamp(1rem,2vw,1.75rem)] font-semibold text-white/90 drop-shadow">
          {current ? title : null}
        </p>
        <StatusDot status={status} />
      </div>

      {paused ? (
        <p
          role="status"
          className="absolute top-[12vh] left-1/2 z-30 -translate-x-1/2 rounded-full bg-black/60 px-4 py-2 text-sm font-medium backdrop-blur"
        >
          <Pause aria-hidden className="mr-1.5 inline h-4 w-4" />
          {m.paused}
        </p>
      ) : null}

      {/* Centred from sm up; on a phone the centre would run into the QR card in the corner, so the
          controls keep to the other side. */}
      <div
        ref={controls}
        data-testid="wall-controls"
        className={cn(
          'absolute bottom-[3vh] left-[2vw] z-40 flex flex-col items-start gap-2 transition-opacity duration-500 sm:left-1/2 sm:-translate-x-1/2 sm:items-center',
          active ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
      >
        <div className="flex items-center gap-1 rounded-full bg-black/60 p-1 backdrop-blur">
          <ControlButton label="Önceki" onClick={() => dispatch({ type: 'back' })}>
            <ChevronLeft aria-hidden className="h-5 w-5" />
          </ControlButton>
          <ControlButton label={paused ? 'Sürdür' : 'Durdur'} onClick={() => setPaused((p) => !p)}>
            {paused ? <Play aria-hidden className="h-5 w-5" /> : <Pause aria-hidden className="h-5 w-5" />}
          </ControlButton>
          <ControlButton label="Sonraki" onClick={() => dispatch({ type: 'next' })}>
            <ChevronRight aria-hidden className="h-5 w-5" />
          </ControlButton>
          <ControlButton label="Tam ekran" onClick={toggleFullscreen}>
            <Expand aria-hidden className="h-5 w-5" />
          </ControlButton>
        </div>
        <p className="hidden rounded-full bg-black/50 px-3 py-1 text-xs text-white/80 sm:block">{m.hint}</p>
      </div>

      {current ? <QrCorner uploadUrl={uploadUrl} /> : null}
    </main>
  );
}

function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
    >
      {children}
    </button>
  );
}

function StatusDot({ status }: { status: LiveStatus }) {
  const text = status === 'live' ? m.live : status === 'connecting' ? m.reconnecting : m.offline;
  return (
    <p
      role="status"
      data-testid="wall-status"
      data-status={status}
      className="flex shrink-0 items-center gap-2 rounded-full bg-black/40 px-3 py-1 text-xs font-medium text-white/90 backdrop-blur"
    >
      <span
        aria-hidden
        className={cn(
          'h-2.5 w-2.5 rounded-full',
          status === 'live'
            ? 'bg-emerald-400'
            : status === 'connecting'
              ? 'animate-pulse bg-amber-400'
              : 'bg-red-500',
        )}
      />
      {text}
    </p>
  );
}

/** White card: scanners need a light quiet zone around the code, on a dark wall too. */
function QrCorner({ uploadUrl }: { uploadUrl: string }) {
  return (
    <div
      className="absolute right-[2vw] bottom-[3vh] z-30 flex flex-col items-center gap-1.5 rounded-2xl bg-white p-[max(0.5rem,0.8vw)] text-stone-900 shadow-2xl"
      data-testid="wall-qr"
    >
      <QRCodeSVG
        value={uploadUrl}
        size={256}
        level="M"
        marginSize={1}
        title={m.shareHint}
        className="h-[clamp(4.5rem,11vw,12rem)] w-[clamp(4.5rem,11vw,12rem)]"
      />
      <p className="text-[clamp(0.7rem,1.1vw,1.1rem)] font-semibold">{m.shareCta}</p>
    </div>
  );
}

function WaitingScreen({ title, uploadUrl }: { title: string; uploadUrl: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-[3vh] p-8 text-center">
      <p className="font-display text-[clamp(1.5rem,4vw,4rem)] leading-tight font-semibold">{title}</p>
      <div className="rounded-3xl bg-white p-4 shadow-2xl" data-testid="wall-qr">
        <QRCodeSVG
          value={uploadUrl}
          size={320}
          level="M"
          marginSize={1}
          title={m.shareHint}
          className="h-[clamp(9rem,26vh,20rem)] w-[clamp(9rem,26vh,20rem)]"
        />
      </div>
      <div>
        <h1 className="text-[clamp(1.25rem,2.6vw,2.5rem)] font-semibold">{m.emptyTitle}</h1>
        <p className="mx-auto mt-2 max-w-2xl text-[clamp(0.95rem,1.5vw,1.4rem)] text-white/75">
          {m.emptyText}
        </p>
      </div>
    </div>
  );
}
