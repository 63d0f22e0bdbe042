import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { CSSProperties } from 'react';
import type { MediaItem } from '@ani/contract/media';
import { sampleMediaItem } from '../../../test/album-fixtures';
import { AlbumGrid } from './album-grid';
import { SelectionBar } from './selection-bar';

const items: MediaItem[] = Array.from({ length: 200 }, (_, i) => sampleMediaItem(`a${i}`));

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

describe('album grid: a tile reached by the keyboard while the selection bar shows', () => {
  /** jsdom lays nothing out: the selection bar's top edge is put `covered` px above the window's bottom. */
  function barCovers(covered: () => number) {
    const real = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('aria-label') !== 'Seçim') return real.call(this);
      const top = window.innerHeight - covered();
      return DOMRect.fromRect({ x: 0, y: top, width: 1024, height: covered() });
    });
  }

  function Page({ selected, focusRequest }: { selected: string[]; focusRequest?: { index: number } }) {
    return (
      <>
        <AlbumGrid
          items={items}
          onOpen={vi.fn()}
          owner={{ selected: new Set(selected), onToggle: vi.fn(), onDelete: vi.fn() }}
          focusRequest={focusRequest}
        />
        <SelectionBar count={selected.length} onClear={vi.fn()} onDelete={vi.fn()} />
      </>
    );
  }

  /** The first tile's three controls, each of which the keyboard focuses. */
  function tileControls() {
    const tile = within(screen.getAllByTestId('album-tile')[0]!);
    return [
      tile.getByRole('button', { name: 'Fotoğraf 1 — büyüt' }),
      tile.getByRole('checkbox', { name: 'Fotoğraf 1 seç' }),
      tile.getByRole('button', { name: 'Fotoğraf 1 sil' }),
    ];
  }

  it('keeps each tile control clear of the bar by its measured height, and of nothing without a selection', () => {
    let covered = 96;
    barCovers(() => covered);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    const { rerender } = render(<Page selected={[]} />);
    const grid = screen.getByRole('list', { name: 'Albüm' });
    // No selection, no bar: nothing at the bottom to keep clear of.
    expect(grid.style.getPropertyValue('--bottom-bar')).toBe('');

    rerender(<Page selected={['a0']} />);
    expect(screen.getByRole('region', { name: 'Seçim' })).toBeInTheDocument();
    expect(grid.style.getPropertyValue('--bottom-bar')).toBe('96px');
    for (const control of tileControls()) {
      expect(control.style.scrollMarginBottom).toBe('var(--bottom-bar, 0px)');
    }

    // A narrower window wraps the bar onto two lines: measured again.
    covered = 140;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(grid.style.getPropertyValue('--bottom-bar')).toBe('140px');

    rerender(<Page selected={[]} />);
    expect(screen.queryByRole('region', { name: 'Seçim' })).not.toBeInTheDocument();
    expect(grid.style.getPropertyValue('--bottom-bar')).toBe('');
  });

  it('stops a row brought into view from above the page’s bottom above the bar, not under it', () => {
    barCovers(() => 96);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 50_000, configurable: true });
    const target = (selected: string[]) => {
      const { rerender, unmount } = render(<Page selected={selected} />);
      scrollTo.mockClear();
      rerender(<Page selected={selected} focusRequest={{ index: 40 }} />);
      const tops = scrollTo.mock.calls.map(([options]) => (options as ScrollToOptions).top);
      unmount();
      return tops.at(-1);
    };
    // Row 10 (200 px tiles + 8 px gaps) ends at 2288 px; the window is jsdom's 768 px high.
    expect(target([])).toBe(2288 - 768);
    expect(target(['a0'])).toBe(2288 - 768 + 96);
  });
});
