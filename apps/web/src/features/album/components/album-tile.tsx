import { memo, useEffect, useRef, useState } from 'react';
import { Play, Trash2 } from 'lucide-react';
import type { MediaItem } from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { clearOfStickyBars } from './focus-clearance';
import { TileSelectBox } from './tile-select-box';
import { UnreadablePhoto } from './unreadable-photo';

/** Owner controls come as flat props so `memo` can skip tiles whose selection did not change. */
/** How long a tile must stay in view before its full picture loads. */
const fullImageDwellMs = 120;

/**
 * The focus ring of a control that covers a picture inside a box with `overflow-hidden`. The usual
 * outline sits outside the control, where the box cuts it off: the ring is drawn inside instead, over
 * the picture (a pseudo-element, placed over the nearest positioned box, paints on top of it), white
 * at the edge and the brand's colour within, seen on any photo. Each use adds the corner rounding of
 * its box (`after:rounded-…`).
 */
export const insetFocusRing = cn(
  'focus-visible:outline-none',
  "after:pointer-events-none after:absolute after:inset-0 after:content-['']",
  'focus-visible:after:ring-2 focus-visible:after:ring-white focus-visible:after:ring-inset',
  'focus-visible:after:outline-3 focus-visible:after:-outline-offset-5 focus-visible:after:outline-brand-600 dark:focus-visible:after:outline-brand-300',
);

export interface TileOwnerControls {
  selected?: boolean;
  onToggle?: (id: string) => void;
  onDelete?: (item: MediaItem) => void;
}

/**
 * One grid square: a half-opacity placeholder with a spinner until its picture, requested once 10% of
 * the tile has stayed visible, has loaded.
 */
export const AlbumTile = memo(function AlbumTile({
  item,
  index,
  onOpen,
  selected = false,
  onToggle,
  onDelete,
}: {
  item: MediaItem;
  index: number;
  onOpen: (index: number) => void;
} & TileOwnerControls) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = item.type === 'video';
  // A photo the server could not decode is never loaded as its original (megabytes no browser shows).
  const unreadable = !video && (item.unreadable || failed);

  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    // The full picture is asked for once the tile has stayed 10% visible for a moment: a fast fling past
    // hundreds of tiles then costs neither their downloads nor their decoding.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const shown = entries.some((e) => e.isIntersecting);
        clearTimeout(timer);
        if (shown) timer = setTimeout(() => setVisible(true), fullImageDwellMs);
      },
      { threshold: limits.visibilityThreshold },
    );
    observer.observe(node);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [visible]);

  const label = video ? `Video ${index + 1}` : `Fotoğraf ${index + 1}`;
  // The 400 px thumbnail is the grid's picture: a 1600 px preview per tile would cost a phone ~10× the
  // bytes and the decoding while scrolling (measured, docs/decisions/0020). Until the thumbnail exists
  // (fresh uploads) the list's url stands in. The lightbox shows the preview.
  const src = unreadable ? null : (item.thumbnailUrl ?? (video ? null : item.url));
  return (
    // `contain: strict`: a tile's layout and paint never reach outside its square, so mounting tiles while
    // scrolling does not re-lay out the rest of the grid.
    <div
      ref={ref}
      className="group relative h-full w-full overflow-hidden rounded-lg bg-stone-200 [contain:strict] dark:bg-stone-800"
      data-testid="album-tile"
    >
      <button
        type="button"
        onClick={() => onOpen(index)}
        aria-label={`${label} — büyüt`}
        style={clearOfStickyBars}
        data-testid="tile-open"
        className={cn('block h-full w-full cursor-zoom-in after:rounded-lg', insetFocusRing)}
      >
        {visible && src ? (
          <img
            src={src}
            alt=""
            decoding="async"
            onLoad={() => setLoaded(true)}
            onError={() => setFailed(true)}
            // No fade-in: a few tiles fading at once while scrolling kept repainting the grid every frame.
            className={cn(
              'absolute inset-0 h-full w-full object-cover',
              loaded ? 'opacity-100' : 'opacity-0',
            )}
          />
        ) : null}
        {video ? (
          <span className="absolute inset-0 flex items-center justify-center bg-black/25">
            <Play aria-hidden className="h-10 w-10 fill-white text-white drop-shadow" />
          </span>
        ) : null}
        {unreadable ? <UnreadablePhoto className="absolute inset-0" /> : null}
        {!loaded && !video && !unreadable ? (
          <span className="absolute inset-0 flex items-center justify-center bg-stone-300/50 dark:bg-stone-700/50">
            <Spinner size={6} className="text-white drop-shadow" />
          </span>
        ) : null}
      </button>
      {onToggle && onDelete ? (
        <>
          <TileSelectBox label={label} selected={selected} onToggle={() => onToggle(item.id)} />
          <button
            type="button"
            onClick={() => onDelete(item)}
            aria-label={`${label} sil`}
            style={clearOfStickyBars}
            className="absolute top-2 right-2 flex h-8 w-8 cursor-pointer items-center justify-center rounded-md bg-black/50 before:absolute before:-inset-1.5 before:content-[''] text-white opacity-100 hover:bg-red-700 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
          >
            <Trash2 aria-hidden className="h-4 w-4" />
          </button>
        </>
      ) : null}
    </div>
  );
});
