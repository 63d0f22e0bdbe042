import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { CSSProperties } from 'react';
import type { MediaItem } from '@ani/contract/media';
import { AlbumGrid } from './album-grid';

const items: MediaItem[] = Array.from({ length: 200 }, (_, i) => ({
  id: `a${i}`,
  key: `events/ev1/a${i}.jpg`,
  url: `/media/a${i}-preview`,
  originalUrl: `/media/a${i}`,
  thumbnailUrl: `/media/a${i}-thumb`,
  type: 'image',
  mimeType: 'image/jpeg',
  size: 1000,
  width: 10,
  height: 10,
  processed: true,
  status: 'approved',
  unreadable: false,
  metadata: { uploader: 'Zeynep', uploadDate: '2026-12-05T18:30:00.000Z', note: null },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  // Back to jsdom's own (prototype) values.
  delete (window as { scrollY?: number }).scrollY;
  delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
});

/** Where the grid scrolls the window to bring row 10 back into view from further down the page. */
function scrollTargetForRow10(style: CSSProperties) {
  const scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 50_000, configurable: true });
  const { rerender, unmount } = render(
    <div style={style}>
      <AlbumGrid items={items} onOpen={vi.fn()} />
    </div>,
  );
  Object.defineProperty(window, 'scrollY', { value: 9000, configurable: true });
  window.dispatchEvent(new Event('scroll'));
  scrollTo.mockClear();
  rerender(
    <div style={style}>
      <AlbumGrid items={items} onOpen={vi.fn()} focusRequest={{ index: 40 }} />
    </div>,
  );
  const tops = scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).top);
  unmount();
  return tops.at(-1);
}

describe('album grid: a tile brought back into view for the keyboard', () => {
  it("stops its row below the sticky header (the layouts' --sticky-offset), not under it", () => {
    // Rows are 200 px tiles + 8 px gaps in jsdom (no width to measure): row 10 starts at 2080 px.
    const underHeader = scrollTargetForRow10({ ['--sticky-offset' as string]: '3.5rem' });
    expect(underHeader).toBe(2080 - 56 - 8);
    // Without a sticky header, only the small gap.
    const plain = scrollTargetForRow10({});
    expect(plain).toBe(2080 - 8);
  });
});
