import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Dialog as D } from 'radix-ui';
import { ChevronLeft, ChevronRight, Info, RotateCcw, Trash2, X, ZoomIn, ZoomOut } from 'lucide-react';
import type { MediaItem } from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { browserCanShow, canPan, wrapIndex, zoomIn, zoomOut } from '../album-rules';
import { LightboxDetails } from './lightbox-details';
import { UnreadablePhoto } from './unreadable-photo';

const swipePx = 50;
// 44 px: the size a thumb can hit. On a phone the zoom controls take a row of their own below the
// counter and the other buttons, which would not fit beside them at 375 px.
const iconButton =
  'flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 disabled:opacity-40';

// ‹ › sit on the picture itself: a dark disc with a light ring and a shadow reads on a white dress, a
// bright sky and a black night alike (a faint white disc vanished on bright photos).
const arrowButton =
  'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-stone-950/75 text-white shadow-lg shadow-black/40 ring-2 ring-white/80 hover:bg-stone-950/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:h-12 sm:w-12';

export interface LightboxProps {
  /** The pages loaded so far; an index past them shows a spinner while the owner loads the next page. */
  items: MediaItem[];
  /** The album's size (photoCount): the counter and the wrap-around cover all of it, not only `items`. */
  total?: number;
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Present for the owner: a delete button in the toolbar. */
  onDelete?: (item: MediaItem) => void;
  /** The host erases everything a guest uploaded under this name (a guest's KVKK request). */
  onDeleteUploader?: (uploader: string) => void;
  /** Called after the viewer closed, with the index it showed last (to focus that tile). */
  onClosed?: (index: number) => void;
}

/**
 * Full-screen viewer: previous/next wrapping, zoom 0.5–5 (×1.5), drag to pan above 1×, swipe on phones,
 * keyboard (arrows, +/−, 0, Escape) and a details panel.
 */
export function Lightbox({
  items,
  total = 0,
  index,
  onIndexChange,
  onDelete,
  onDeleteUploader,
  onClosed,
}: LightboxProps) {
  const count = Math.max(total, items.length);
  const open = index !== null && count > 0;
  const position = wrapIndex(index ?? 0, count);
  // Undefined while the page holding this position is still loading.
  const current = open ? items[position] : undefined;
  const lastShown = useRef(0);
  useEffect(() => {
    if (open) lastShown.current = position;
  }, [open, position]);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [details, setDetails] = useState(
    () => typeof window !== 'undefined' && window.innerWidth >= limits.mobileBreakpointPx,
  );
  const drag = useRef<{ x: number; y: number; panX: number; panY: number; moved: boolean } | null>(null);

  // Each item starts unzoomed and centred; reset while rendering so the new item never paints zoomed.
  const [shownId, setShownId] = useState(current?.id);
  if (shownId !== current?.id) {
    setShownId(current?.id);
    setZoom(1);
    setPan({ x: 0, y: 0 });
    setLoaded(false);
    setFailed(false);
  }

  const go = (step: number) => index !== null && onIndexChange(wrapIndex(index + step, count));
  const changeZoom = (next: number) => {
    setZoom(next);
    if (!canPan(next)) setPan({ x: 0, y: 0 });
  };

  // Keys are read on the window, not on the dialog: a button that becomes disabled at a zoom limit drops
  // the focus to <body>, and the keyboard must keep working from there.
  const keys = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined);
  const onKey = (event: globalThis.KeyboardEvent) => {
    // The video player's own keys (seek with arrows) win while it has focus.
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === '+' || event.key === '=') changeZoom(zoomIn(zoom));
    else if (event.key === '-' || event.key === '_') changeZoom(zoomOut(zoom));
    else if (event.key === '0') changeZoom(1);
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    keys.current = onKey;
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: globalThis.KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [open]);

  const onPointerDown = (event: ReactPointerEvent) => {
    if (current?.type === 'video') return;
    // A press on ‹ › stays theirs: capturing the pointer here would send the click to the picture area.
    if ((event.target as Element).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, panX: pan.x, panY: pan.y, moved: false };
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const start = drag.current;
    if (!start || !canPan(zoom)) return;
    start.moved = true;
    setPan({
      x: start.panX + (event.clientX - start.x) / zoom,
      y: start.panY + (event.clientY - start.y) / zoom,
    });
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start || canPan(zoom)) return;
    const dx = event.clientX - start.x;
    // A horizontal swipe at 1× or below flips to the neighbour.
    if (Math.abs(dx) > swipePx && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };

  // Above 1× the original is worth its bytes (when the browser can show it); otherwise the preview.
  const imageSrc = current
    ? canPan(zoom) && browserCanShow(current.mimeType)
      ? current.originalUrl
      : current.url
    : '';

  return (
    <D.Root open={open} onOpenChange={(next) => !next && onIndexChange(null)}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-stone-950" />
        <D.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            // On a phone the details cover the picture and were opened on purpose: Escape closes them
            // first. (From a computer's width up they are open from the start, beside the picture,
            // and Escape closes the whole view.)
            if (!details || window.innerWidth >= limits.mobileBreakpointPx) return;
            event.preventDefault();
            setDetails(false);
          }}
          onCloseAutoFocus={(event) => {
            // Focus goes back to the tile of the picture last shown (the grid scrolls it into view).
            if (!onClosed) return;
            event.preventDefault();
            onClosed(lastShown.current);
          }}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none md:flex-row"
        >
          <D.Title className="sr-only">
            {current
              ? `${current.type === 'video' ? 'Video' : 'Fotoğraf'} ${position + 1} / ${count}`
              : 'Görüntüleyici'}
          </D.Title>
          <div className="relative flex min-h-0 flex-1 flex-col">
            <div
              className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 bg-stone-950 p-2 sm:flex-nowrap sm:p-3"
              data-testid="lightbox-toolbar"
            >
              <span className="shrink-0 text-sm whitespace-nowrap text-white/80" aria-live="polite">
                {position + 1} / {count}
              </span>
              {current?.type === 'image' ? (
                <div
                  role="group"
                  aria-label="Yakınlaştırma"
                  className="flex items-center justify-center gap-1 max-sm:order-last max-sm:w-full sm:ml-auto sm:gap-2"
                >
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => changeZoom(zoomOut(zoom))}
                    disabled={zoom <= limits.zoomMin}
                    aria-label="Uzaklaştır"
                  >
                    <ZoomOut aria-hidden className="h-5 w-5" />
                  </button>
                  <span
                    className="w-11 text-center text-xs tabular-nums sm:w-12 sm:text-sm"
                    data-testid="zoom-level"
                  >
                    %{Math.round(zoom * 100)}
                  </span>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => changeZoom(zoomIn(zoom))}
                    disabled={zoom >= limits.zoomMax}
                    aria-label="Yakınlaştır"
                  >
                    <ZoomIn aria-hidden className="h-5 w-5" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => changeZoom(1)}
                    aria-label="Yakınlaştırmayı sıfırla"
                  >
                    <RotateCcw aria-hidden className="h-5 w-5" />
                  </button>
                </div>
              ) : null}
              <div className="flex items-center gap-1 sm:gap-2">
                <button
                  type="button"
                  className={cn(iconButton, details && 'bg-white/25')}
                  onClick={() => setDetails((v) => !v)}
                  aria-pressed={details}
                  aria-label="Detaylar"
                >
                  <Info aria-hidden className="h-5 w-5" />
                </button>
                {onDelete && current ? (
                  <button
                    type="button"
                    className={cn(iconButton, 'hover:bg-red-700')}
                    onClick={() => onDelete(current)}
                    aria-label="Bu öğeyi sil"
                  >
                    <Trash2 aria-hidden className="h-5 w-5" />
                  </button>
                ) : null}
                <D.Close className={iconButton} aria-label="Kapat">
                  <X aria-hidden className="h-5 w-5" />
                </D.Close>
              </div>
            </div>
            <div
              className={cn(
                'relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none',
                canPan(zoom) ? 'cursor-grab' : '',
              )}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (drag.current = null)}
            >
              {current?.type === 'video' ? (
                // Range requests on the signed URL let the player seek without downloading the whole file.
                <video
                  key={current.id}
                  src={current.originalUrl}
                  controls
                  playsInline
                  preload="metadata"
                  className="max-h-full max-w-full"
                />
              ) : current && (current.unreadable || failed) ? (
                // Narrower than the screen by the ‹ › buttons on both sides, so the words never run under them.
                <UnreadablePhoto tone="dark" className="max-w-[min(20rem,calc(100vw-7rem))]" />
              ) : current ? (
                <>
                  {!loaded ? (
                    <span className="absolute inset-0 flex items-center justify-center">
                      {current.thumbnailUrl ? (
                        <img
                          src={current.thumbnailUrl}
                          alt=""
                          className="max-h-full max-w-full scale-100 opacity-50 blur-lg"
                        />
                      ) : null}
                      <Spinner size={8} className="absolute text-white" />
                    </span>
                  ) : null}
                  <img
                    src={imageSrc}
                    alt={`Fotoğraf ${position + 1}`}
                    draggable={false}
                    onLoad={() => setLoaded(true)}
                    onError={() => setFailed(true)}
                    className={cn(
                      'max-h-full max-w-full object-contain transition-transform duration-150',
                      !loaded && 'opacity-0',
                    )}
                    style={{ transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)` }}
                    data-testid="lightbox-image"
                  />
                </>
              ) : open ? (
                <Spinner label="Yükleniyor" size={8} className="text-white" />
              ) : null}
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    className={cn(arrowButton, 'left-3')}
                    onClick={() => go(-1)}
                    aria-label="Önceki"
                  >
                    <ChevronLeft aria-hidden className="h-6 w-6" />
                  </button>
                  <button
                    type="button"
                    className={cn(arrowButton, 'right-3')}
                    onClick={() => go(1)}
                    aria-label="Sonraki"
                  >
                    <ChevronRight aria-hidden className="h-6 w-6" />
                  </button>
                </>
              ) : null}
            </div>
          </div>
          {details && current ? (
            <aside className="max-h-[40dvh] overflow-y-auto border-t border-white/10 bg-stone-900 p-5 md:max-h-none md:w-80 md:border-t-0 md:border-l">
              <LightboxDetails item={current} onDeleteUploader={onDeleteUploader} />
            </aside>
          ) : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
