import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { dismissToast, toast } from '../../lib/toast-store';
import { applyDeletion, deletePhotos } from './api/album-api';

const m = messages.media;

// The album shows one toast at a time for 3 s (spec part 1 §4): the previous one is closed first.
// A fresh id each time, because re-opening a closed Radix toast under the same key is not announced.
let lastAlbumToast: string | null = null;
function albumToast(variant: 'success' | 'destructive', title: string) {
  if (lastAlbumToast) dismissToast(lastAlbumToast);
  lastAlbumToast = toast({ title, variant, duration: limits.albumToastDurationMs }).id;
}

/** Single and bulk delete with the spec's success and failure texts; the grid updates without a refetch. */
export function useAlbumDeletion(eventId: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const remove = async (ids: string[]): Promise<boolean> => {
    if (ids.length === 0 || busy) return false;
    setBusy(true);
    try {
      const result = await deletePhotos(eventId, ids);
      applyDeletion(queryClient, eventId, result.deleted, result.currentPhotoCount);
      albumToast('success', ids.length === 1 ? m.deletedOne : m.deletedMany.replace('{n}', String(result.deleted.length)));
      return true;
    } catch {
      albumToast('destructive', ids.length === 1 ? m.deleteOneFailed : m.deleteFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { remove, busy };
}
