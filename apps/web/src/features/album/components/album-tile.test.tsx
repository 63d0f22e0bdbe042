import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { MediaItem } from '@ani/contract/media';
import { sampleMediaItem } from '../../../test/album-fixtures';
import { AlbumTile } from './album-tile';

// What the browser needs to keep a focused control clear of the sticky bars (jsdom lays nothing out,
// so the scrolling itself is for a browser to check).
const clearance = 'calc(var(--sticky-offset, 0px) + var(--sticky-bar, 0px) + 0.5rem)';

const item: MediaItem = sampleMediaItem('a1');

function renderTile() {
  render(<AlbumTile item={item} index={0} onOpen={vi.fn()} onToggle={vi.fn()} onDelete={vi.fn()} />);
  return {
    open: screen.getByRole('button', { name: 'Fotoğraf 1 — büyüt' }),
    select: screen.getByRole('checkbox', { name: 'Fotoğraf 1 seç' }),
    remove: screen.getByRole('button', { name: 'Fotoğraf 1 sil' }),
  };
}

describe('album tile and the keyboard', () => {
  it('keeps each of its controls clear of the sticky header when the focus scrolls it into view', () => {
    const { open, select, remove } = renderTile();
    for (const control of [open, select, remove]) expect(control.style.scrollMarginTop).toBe(clearance);
  });

  it('keeps each of its controls clear of the bottom selection bar by the height the grid gives it', () => {
    const { open, select, remove } = renderTile();
    // `--bottom-bar` is unset, so no margin, unless the grid around the tile measures a bar.
    for (const control of [open, select, remove]) {
      expect(control.style.scrollMarginBottom).toBe('var(--bottom-bar, 0px)');
    }
  });

  it('draws the picture button’s focus ring inside the tile, where overflow-hidden cannot cut it off', () => {
    const { open } = renderTile();
    const tile = screen.getByTestId('album-tile');
    expect(tile).toHaveClass('overflow-hidden');
    // The outline outside the button would be clipped: it is replaced by a ring on a pseudo-element
    // laid over the picture, inset from the tile's edge.
    expect(open).toHaveClass(
      'focus-visible:outline-none',
      'after:absolute',
      'after:inset-0',
      "after:content-['']",
      'focus-visible:after:outline-3',
      'focus-visible:after:-outline-offset-5',
      'focus-visible:after:ring-2',
      'focus-visible:after:ring-inset',
    );
    open.focus();
    expect(open).toHaveFocus();
  });
});
