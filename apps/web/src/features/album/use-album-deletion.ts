import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@ani/contract/messages';
import { albumToast } from '../../lib/album-toast';
import { applyDeletion, deletePhotos, deleteUploaderMedia } from './api/album-api';

const m = messages.media;

/** Single and bulk delete with their success and failure texts; the grid updates without a refetch. */
export function useAlbumDeletion(eventId: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const remove = async (ids: string[]): Promise<boolean> => {
    if (ids.length === 0 || busy) return false;
    setBusy(true);
    try {
      const result = await deletePhotos(eventId, ids);
      applyDeletion(queryClient, eventId, result.deleted, result.currentPhotoCount);
      albumToast(
        'success',
        ids.length === 1 ? m.deletedOne : m.deletedMany.replace('{n}', String(result.deleted.length)),
      );
      return true;
    } catch {
      albumToast('destructive', ids.length === 1 ? m.deleteOneFailed : m.deleteFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** A guest's erasure request: every item uploaded under `uploader`, loaded or not. */
  const removeUploader = async (uploader: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      const result = await deleteUploaderMedia(eventId, uploader);
      applyDeletion(queryClient, eventId, result.deleted, result.currentPhotoCount);
      albumToast('success', result.message);
      return true;
    } catch (error) {
      albumToast('destructive', error instanceof Error && error.message ? error.message : m.deleteFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { remove, removeUploader, busy };
}
