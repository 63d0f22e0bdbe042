import type { CSSProperties } from 'react';

/**
 * For every control the keyboard reaches in the album's grid and approval list. A browser scrolls a
 * focused element only just into view, which leaves it under whatever sticks to the top of the page: the
 * app's header (its height is the layouts' `--sticky-offset`) and, on the approval tab, the bar with
 * "Tümünü Seç" (its measured height, `--sticky-bar`, set by that list). At the bottom, the owner's
 * selection bar covers the screen's lower edge while items are selected: how much of it, `--bottom-bar`,
 * is set by the album grid for its tiles while the bar shows (elsewhere it is unset, so no margin).
 */
export const clearOfStickyBars: CSSProperties = {
  scrollMarginTop: 'calc(var(--sticky-offset, 0px) + var(--sticky-bar, 0px) + 0.5rem)',
  scrollMarginBottom: 'var(--bottom-bar, 0px)',
};
