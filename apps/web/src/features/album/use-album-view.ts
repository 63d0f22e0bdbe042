import { useSearchParams } from 'react-router';

export type AlbumView = 'album' | 'pending';

/**
 * The owner's album tab, kept in the address as `?view=pending`: the dashboard's "N öğe onayınızı
 * bekliyor" links lead straight to the review tab, and a reload keeps the tab the host was on.
 * Replaced, not pushed: "back" leaves the album rather than stepping through its tabs.
 */
export function useAlbumView(): [AlbumView, (next: AlbumView) => void] {
  const [params, setParams] = useSearchParams();
  const view: AlbumView = params.get('view') === 'pending' ? 'pending' : 'album';
  const setView = (next: AlbumView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'pending') updated.set('view', 'pending');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  return [view, setView];
}
