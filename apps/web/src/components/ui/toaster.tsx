import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { limits } from '@ani/contract/limits';

/**
 * The shell's notifications: top centre, at most five on screen and all of them unfolded, no wider
 * than 420 px; F8 moves focus to them (the region's name says so) and a swipe up dismisses one.
 */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      expand
      visibleToasts={limits.toastLimit}
      duration={limits.toastDurationMs}
      hotkey={['F8']}
      customAriaLabel="Bildirimler (F8)"
      swipeDirections={['top']}
      gap={8}
      offset={16}
      mobileOffset={16}
      // sonner sets its own system font on the list; the cards use the site's font like everything else.
      style={
        {
          '--width': `min(${limits.toastMaxWidthPx - 32}px, calc(100vw - 32px))`,
          fontFamily: 'inherit',
        } as CSSProperties
      }
      toastOptions={{ unstyled: true }}
    />
  );
}
