import { useQuery } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import type { MediaItem } from '@ani/contract/media';
import { Button } from '../../../components/ui/button';
import { albumNewestQuery } from '../api/album-api';

/**
 * What guests did since the grid was read, asked every half minute: `fresh` when the album's newest
 * item is not among the loaded ones, and the album's counts when they are newer than the grid's
 * (`since`: when the grid's were taken). Off for an archived album, which takes nothing new.
 */
export function useNewUploads(
  eventId: string,
  items: readonly MediaItem[],
  enabled: boolean,
  since: number,
): { fresh: boolean; counts: { photoCount: number; pendingCount: number } | null } {
  const newest = useQuery({ ...albumNewestQuery(eventId), enabled });
  const id = newest.data?.newestId;
  return {
    fresh: enabled && id != null && !items.some((item) => item.id === id),
    counts: enabled && newest.data && newest.dataUpdatedAt > since ? newest.data : null,
  };
}

/** "New photos": the grid stays as it is under the couple's finger until they ask for the new ones. */
export function NewUploadsNotice({ onShow, busy }: { onShow: () => void; busy: boolean }) {
  return (
    <div
      role="status"
      className="sticky top-2 z-10 mx-auto mb-3 flex w-fit max-w-full items-center gap-3 rounded-full border border-brand-200 bg-white py-1.5 pr-1.5 pl-4 text-sm shadow-md dark:border-stone-700 dark:bg-stone-900"
    >
      <ImagePlus aria-hidden className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300" />
      <span className="text-stone-800 dark:text-stone-100">Misafirler yeni fotoğraf ve video ekledi.</span>
      <Button size="sm" className="max-sm:min-h-11" onClick={onShow} disabled={busy}>
        Göster
      </Button>
    </div>
  );
}
