import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { MediaItem } from '@ani/contract/media';
import { sampleMediaItem } from '../../../test/album-fixtures';
import { PendingCard } from './pending-card';

const item: MediaItem = sampleMediaItem('p1', { status: 'pending' });

/** One waiting photo's card, alone in its list, with callbacks that do nothing. */
function renderOne() {
  render(
    <ul>
      <PendingCard
        item={item}
        index={0}
        selected={false}
        busy={false}
        onToggle={vi.fn()}
        onApprove={vi.fn()}
        onReject={vi.fn()}
      />
    </ul>,
  );
}

describe('pending card and the keyboard', () => {
  it('draws the "büyük aç" link’s focus ring inside the card, where overflow-hidden cannot cut it off', () => {
    renderOne();
    expect(screen.getByTestId('pending-item')).toHaveClass('overflow-hidden');
    const open = screen.getByRole('link', { name: 'Fotoğraf 1 — büyük aç' });
    // The page-wide outline, two pixels outside the link, would be clipped by the card: it is replaced
    // by a ring on a pseudo-element laid over the picture, inset from the card's edge.
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
    expect(open.className).not.toMatch(/(^|\s)(focus-visible:)?outline-offset-/);
    open.focus();
    expect(open).toHaveFocus();
  });

  describe('bringing the whole card into view', () => {
    function renderCard(cardHeight: number) {
      const scrolled: Element[] = [];
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: HTMLElement,
      ) {
        return DOMRect.fromRect({ x: 0, y: 0, width: 300, height: this.tagName === 'LI' ? cardHeight : 40 });
      });
      renderOne();
      return scrolled;
    }
    afterEach(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });

    it('shows the photo and the name of the card whose "Onayla" the keyboard reaches, clear of the sticky bars', () => {
      const scrolled = renderCard(320);
      screen.getByRole('button', { name: 'Fotoğraf 1 onayla' }).focus();
      const card = screen.getByTestId('pending-item');
      expect(scrolled).toEqual([card]);
      expect(card.style.scrollMarginTop).toContain('var(--sticky-bar, 0px)');
    });

    it('(the twin) leaves a card taller than most of the window where the browser put its focused button', () => {
      const scrolled = renderCard(window.innerHeight);
      screen.getByRole('button', { name: 'Fotoğraf 1 onayla' }).focus();
      expect(scrolled).toEqual([]);
    });
  });
});
