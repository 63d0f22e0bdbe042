import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { ChevronLeft, ChevronRight, Expand, Pause, Play } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import { cn } from '../../../lib/cn';
import type { LiveStatus } from '../use-wall-feed';
import { currentItem, slideDeadline, upcoming, type wallReducer, type SlideTiming } from '../wall-queue';
import { WallSlide, type SlideRole } from './wall-slide';

const m = messages.wall;

/**
 * The corner QR code's side, also read by the slide's caption to keep clear of its card. Up to a laptop
 * (1280 px) it is 11% of the width; past ~1370 px it grows faster, to 288 px on a 1920 px TV, because
 * guests scan the TV from their tables. It stays within 30% of the height, so a short screen keeps its photo.
 */
const qrCornerSize = 'max(clamp(4.5rem, 11vw, 12rem), min(25vw - 12rem, 30vh))';

/** A video plays to its end, but never longer than this. */
const videoMaxMs = 30_000;
const idleMs = 3000;

/** The slide timing the page read from its link, with the cross-fade's length. */
export type WallTiming = SlideTiming & { fadeMs: number };

/**
 * The wall's show once its feed is live: the slides with their cross-fade, the controls that appear
 * when someone moves the mouse or touches the screen, the live status and the QR card in the corner,
 * or the waiting screen while nothing is shown yet.
 */
export function Slideshow({
  title,
  uploadUrl,
  autoApprovePhotos,
  status,
  queue,
  dispatch,
  timing,
  onMediaFailed,
}: {
  title: string;
  uploadUrl: string;
  /** Off while the owner approves each upload: the waiting screen then says photos come after approval. */
  autoApprovePhotos: boolean;
  status: LiveStatus;
  queue: ReturnType<typeof wallReducer>;
  dispatch: React.Dispatch<Parameters<typeof wallReducer>[1]>;
  timing: WallTiming;
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

  // Slide timing: the clock restarts when the wall moves (also when a move kept the slide, its successor
  // having failed to load) and when the wall resumes.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, [currentId, queue.moves, paused]);
  const freshWaiting = queue.fresh.length > 0;
  // A picture that failed to load is not mounted; one on screen leaves it dark until its slide time ends.
  const failed = (id: string | undefined) => id !== undefined && queue.failed.includes(id);
  const isVideo = current?.type === 'video' && !failed(current.id);
  useEffect(() => {
    if (paused || currentId === null) return;
    const t = isVideo ? { ...timing, slideMs: Math.max(timing.slideMs, videoMaxMs) } : timing;
    const now = performance.now();
    const deadline = slideDeadline(t, shownAt.current, now, freshWaiting, queue.currentWasFresh);
    const timer = setTimeout(() => dispatch({ type: 'next' }), Math.max(0, deadline - now));
    return () => clearTimeout(timer);
  }, [currentId, queue.moves, queue.currentWasFresh, freshWaiting, isVideo, paused, timing, dispatch]);

  const onEnded = useCallback(
    (id: string) => {
      if (id === currentId) dispatch({ type: 'next' });
    },
    [currentId, dispatch],
  );
  const onFailed = useCallback(
    (id: string) => {
      // An unreadable or expired picture is never shown (the queue passes over it), and the list is
      // re-read (its URLs may have run out).
      onMediaFailed();
      dispatch({ type: 'failed', id });
    },
    [dispatch, onMediaFailed],
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

  // A failed picture is unmounted, never shown broken; when it comes round again it mounts anew and reloads.
  const layers: { item: NonNullable<typeof current>; role: SlideRole }[] = [];
  if (leaving && leaving.id !== current?.id && !failed(leaving.id))
    layers.push({ item: leaving, role: 'leaving' });
  if (current && !failed(current.id)) layers.push({ item: current, role: 'current' });
  if (next && next.id !== leaving?.id) layers.push({ item: next, role: 'upcoming' });

  return (
    <main
      ref={root}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
      aria-label={`${title} — ${m.action}`}
      // The controls and their hint take about this much of the bottom edge while they show.
      style={
        { '--wall-controls-space': active ? '6.5rem' : '0px', '--wall-qr': qrCornerSize } as CSSProperties
      }
      className={cn(
        'fixed inset-0 flex flex-col overflow-hidden bg-stone-950 bg-[radial-gradient(ellipse_at_center,#1c1917_0%,#0c0a09_75%)] text-white select-none',
        !active && 'cursor-none',
      )}
    >
      {/* The title has a band of its own above the pictures: laid over them it ran across a portrait
          photo's edge and the dark side beside it, and over a landscape photo's top, unreadable on a
          light sky. A long title wraps rather than losing its end: three lines hold the longest
          allowed (100 letters) on a phone, and two on a projector. */}
      <div className="pointer-events-none relative z-30 flex shrink-0 items-center justify-between gap-4 px-[2vw] py-[max(0.5rem,1.5vh)]">
        {/* The waiting screen shows the title large already. */}
        <p className="line-clamp-3 min-w-0 font-display text-[clamp(0.9375rem,2vw,1.75rem)] leading-tight font-semibold text-balance text-white/90">
          {current ? title : null}
        </p>
        <StatusDot status={status} />
      </div>

      {current ? (
        <div className="relative min-h-0 flex-1">
          {layers.map(({ item, role }) => (
            <WallSlide
              key={item.id}
              item={item}
              role={role}
              fadeMs={timing.fadeMs}
              paused={paused}
              onEnded={onEnded}
              onFailed={onFailed}
            />
          ))}
        </div>
      ) : (
        <WaitingScreen title={title} uploadUrl={uploadUrl} autoApprovePhotos={autoApprovePhotos} />
      )}

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

/** The event's upload link as a QR code: in the corner card during the show, and on the waiting screen. */
function UploadQr({ uploadUrl, size, className }: { uploadUrl: string; size: number; className: string }) {
  return (
    <QRCodeSVG
      value={uploadUrl}
      size={size}
      level="M"
      marginSize={1}
      title={m.shareHint}
      className={className}
    />
  );
}

/** White card: scanners need a light quiet zone around the code, on a dark wall too. */
function QrCorner({ uploadUrl }: { uploadUrl: string }) {
  return (
    <div
      className="absolute right-[2vw] bottom-[3vh] z-30 flex flex-col items-center gap-1.5 rounded-2xl bg-white p-[max(0.5rem,0.8vw)] text-stone-900 shadow-2xl"
      data-testid="wall-qr"
    >
      <UploadQr uploadUrl={uploadUrl} size={256} className="h-[var(--wall-qr)] w-[var(--wall-qr)]" />
      <p className="text-[clamp(0.7rem,1.1vw,1.1rem)] font-semibold">{m.shareCta}</p>
    </div>
  );
}

function WaitingScreen({
  title,
  uploadUrl,
  autoApprovePhotos,
}: {
  title: string;
  uploadUrl: string;
  autoApprovePhotos: boolean;
}) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-[3vh] p-8 text-center">
      <p className="font-display text-[clamp(1.5rem,4vw,4rem)] leading-tight font-semibold">{title}</p>
      <div className="rounded-3xl bg-white p-4 shadow-2xl" data-testid="wall-qr">
        <UploadQr
          uploadUrl={uploadUrl}
          size={320}
          className="h-[clamp(9rem,26vh,20rem)] w-[clamp(9rem,26vh,20rem)]"
        />
      </div>
      <div>
        {/* With approval on, guests may well have shared already: "be the first" would not be true,
            and what they send now shows only once the couple approves it. */}
        <h1 className="text-[clamp(1.25rem,2.6vw,2.5rem)] font-semibold">
          {autoApprovePhotos ? m.emptyTitle : m.emptyApprovalTitle}
        </h1>
        <p className="mx-auto mt-2 max-w-2xl text-[clamp(0.95rem,1.5vw,1.4rem)] text-white/75">
          {autoApprovePhotos ? m.emptyText : m.emptyApprovalText}
        </p>
      </div>
    </div>
  );
}
