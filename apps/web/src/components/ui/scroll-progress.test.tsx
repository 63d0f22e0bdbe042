import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { ScrollProgress } from './scroll-progress';

/** The z-index a Tailwind class list gives (`z-50`, `z-[45]`). */
function zIndexOf(element: Element): number {
  const match = /(?:^|\s)z-(?:\[(\d+)\]|(\d+))(?:\s|$)/.exec(element.getAttribute('class') ?? '');
  if (!match) throw new Error(`no z-index on ${element.outerHTML.slice(0, 80)}`);
  return Number(match[1] ?? match[2]);
}

describe('scroll progress', () => {
  it('stays under a dialog and its backdrop, and above the sticky headers', () => {
    render(
      <>
        <ScrollProgress />
        <Dialog open>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Bir pencere</DialogTitle>
          </DialogContent>
        </Dialog>
      </>,
    );
    const bar = zIndexOf(screen.getByTestId('scroll-progress'));
    const dialog = screen.getByRole('dialog', { name: 'Bir pencere' });
    const backdrop = dialog.previousElementSibling!;
    expect(bar).toBeLessThan(zIndexOf(dialog));
    expect(bar).toBeLessThan(zIndexOf(backdrop));
    // The site's header (z-40) and the dashboard's (z-30) stick at the top, under the bar.
    expect(bar).toBeGreaterThan(40);
  });
});
