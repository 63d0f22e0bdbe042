import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { MediaItem } from '@ani/contract/media';
import { columnsFor, nearBottom } from '../album-rules';
import { AlbumTile } from './album-tile';

const gapPx = 8;
/** Room between the sticky header and a row scrolled to the top, as the tiles' scroll margin keeps. */
const stickyGapPx = 8;

/** The height of what sticks to the top of the page (the layouts' `--sticky-offset`), in pixels. */
function stickyOffsetPx(node: HTMLElement): number {
  const raw = getComputedStyle(node).getPropertyValue('--sticky-offset').trim();
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value)) return 0;
  if (raw.endsWith('rem')) {
    return value * (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
  }
  return raw.endsWith('px') ? value : 0;
}

/**
 * The owner's selection bar ("{n} öğe seçildi"), fixed to the bottom of the screen while items are
 * selected; found by its landmark, which the page renders next to the grid.
 */
const selectionBarSelector = '[role="region"][aria-label="Seçim"]';

/**
 * How much of the screen's bottom the selection bar covers while it shows, in pixels (0 otherwise): from
 * its top edge down, its own room below included. Measured again when it wraps or the window resizes.
 */
function useSelectionBarHeight(shown: boolean): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!shown) return;
    const bar = document.querySelector<HTMLElement>(selectionBarSelector);
    if (!bar) return;
    const measure = () => {
      const covered = Math.ceil(window.innerHeight - bar.getBoundingClientRect().top);
      setHeight(Math.min(Math.max(covered, 0), window.innerHeight));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [shown]);
  return shown ? height : 0;
}

interface AlbumGridOwner {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onDelete: (item: MediaItem) => void;
}

export interface AlbumGridProps {
  items: MediaItem[];
  onOpen: (index: number) => void;
  /** Owner controls (checkboxes, delete buttons); left out for a read-only album. */
  owner?: AlbumGridOwner;
  /** Called when the page bottom comes within 300 px, while `canLoadMore` holds. */
  onNearEnd?: () => void;
  canLoadMore?: boolean;
  /** A request to scroll a tile into view and focus it (a new object each time, e.g. after the lightbox closed). */
  focusRequest?: { index: number } | null;
}

/**
 * Square tiles in 2/3/4 columns, windowed by rows: only the rows around the viewport are mounted, so an
 * album of 10,000 items scrolls like one of 40 (docs/decisions/0020). The page itself scrolls, not a box,
 * which keeps the phone's address-bar collapse and scroll-to-top tap working.
 */
export function AlbumGrid({
  items,
  onOpen,
  owner,
  onNearEnd,
  canLoadMore = false,
  focusRequest = null,
}: AlbumGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offsetTop, setOffsetTop] = useState(0);
  const [stickyTop, setStickyTop] = useState(0);
  const bottomBar = useSelectionBarHeight((owner?.selected.size ?? 0) > 0);

  useLayoutEffect(() => {
    const node = container.current;
    if (!node) return;
    const measure = () => {
      setWidth(node.clientWidth);
      setOffsetTop(node.getBoundingClientRect().top + window.scrollY);
      setStickyTop(stickyOffsetPx(node));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width || (typeof window === 'undefined' ? 1024 : window.innerWidth));
  const tile = width > 0 ? (width - gapPx * (columns - 1)) / columns : 200;
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => tile + gapPx,
    overscan: 3,
    scrollMargin: offsetTop,
    // A row brought into view from above (the lightbox closed on an earlier picture) stops below the
    // page's sticky header instead of under it.
    scrollPaddingStart: stickyTop + stickyGapPx,
    // And one brought in from below stops above the selection bar.
    scrollPaddingEnd: bottomBar,
  });

  // Row height depends on the width; re-measure everything when it changes.
  useEffect(() => {
    virtualizer.measure();
  }, [tile, columns, virtualizer]);

  // Only a new focus request moves the focus, not a re-layout of the grid: the effect below reads the
  // current layout through a ref instead of depending on it.
  const layout = useRef({ virtualizer, columns });
  useEffect(() => {
    layout.current = { virtualizer, columns };
  });

  // The tile may not be mounted (rows are windowed): scroll its row in first, then focus once it rendered.
  useEffect(() => {
    if (!focusRequest) return;
    const { virtualizer, columns } = layout.current;
    virtualizer.scrollToIndex(Math.floor(focusRequest.index / columns), { align: 'auto' });
    let frames = 0;
    let handle = 0;
    const focus = () => {
      const tile = container.current?.querySelector<HTMLElement>(
        `[data-tile-index="${focusRequest.index}"] button`,
      );
      if (tile) tile.focus({ preventScroll: true });
      else if (frames++ < 10) handle = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(handle);
  }, [focusRequest]);

  const nearEnd = useRef(onNearEnd);
  useEffect(() => {
    nearEnd.current = onNearEnd;
  });
  useEffect(() => {
    if (!canLoadMore) return;
    const check = () => {
      const doc = document.documentElement;
      if (
        nearBottom({
          scrollY: window.scrollY,
          viewportHeight: window.innerHeight,
          documentHeight: doc.scrollHeight,
        })
      ) {
        nearEnd.current?.();
      }
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [canLoadMore, items.length]);

  return (
    <div
      ref={container}
      role="list"
      aria-label="Albüm"
      style={
        {
          height: virtualizer.getTotalSize(),
          position: 'relative',
          // Each tile control's scroll margin (`clearOfStickyBars`) reads it: a control the keyboard
          // reaches below stops above the bar instead of under it.
          '--bottom-bar': bottomBar ? `${bottomBar}px` : undefined,
        } as CSSProperties
      }
    >
      {virtualizer.getVirtualItems().map((row) => {
        const start = row.index * columns;
        return (
          <div
            key={row.key}
            className="absolute inset-x-0 top-0 grid"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: gapPx,
              height: tile,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {items.slice(start, start + columns).map((item, i) => (
              <div role="listitem" key={item.id} data-tile-index={start + i}>
                <AlbumTile
                  item={item}
                  index={start + i}
                  onOpen={onOpen}
                  selected={owner?.selected.has(item.id)}
                  onToggle={owner?.onToggle}
                  onDelete={owner?.onDelete}
                />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
