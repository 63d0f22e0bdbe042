import { useCallback, useState } from 'react';
import { cardThemes } from './themes';

// The events API has no field for the card theme yet (see the report / docs/decisions/0030), so the
// choice is kept per event in this browser until the server stores it.
const key = (eventId: string) => `card-theme:${eventId}`;

export function useChosenTheme(eventId: string) {
  const [themeId, setThemeId] = useState(() => {
    try {
      return window.localStorage.getItem(key(eventId)) ?? cardThemes[0]!.id;
    } catch {
      return cardThemes[0]!.id;
    }
  });
  const choose = useCallback(
    (id: string) => {
      setThemeId(id);
      try {
        window.localStorage.setItem(key(eventId), id);
      } catch {
        /* kept for this visit only */
      }
    },
    [eventId],
  );
  return [cardThemes.find((t) => t.id === themeId) ?? cardThemes[0]!, choose] as const;
}
