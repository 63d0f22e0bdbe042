import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventResponse, type CardThemeId, type Event } from '@ani/contract/events';
import { apiRequest } from '../../lib/api-client';
import { cardThemes } from './themes';
import { queryKeys } from '../../lib/queries';

/**
 * The couple's table-card design, saved on the event: the same on every device, and what the
 * provider prints. Shows the choice at once; a failed save falls back to the stored one (with the
 * client's error toast).
 */
export function useChosenTheme(event: Pick<Event, 'id' | 'cardTheme'>) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (cardTheme: CardThemeId) =>
      apiRequest('/events/update', {
        method: 'POST',
        body: { eventId: event.id, cardTheme },
        schema: eventResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events }),
  });
  const shownId = save.isPending ? save.variables : event.cardTheme;
  const theme = cardThemes.find((t) => t.id === shownId) ?? cardThemes[0]!;
  return [theme, (id: CardThemeId) => save.mutate(id)] as const;
}
