/**
 * The purge of an album's items: what the retention sweep queues for an archived album, and what
 * account deletion runs for each of the account's events. The event row stays (an archived album's
 * record); only its items, their files and its wall log go.
 */
import type { LiveRepository } from './live.repository.ts';
import type { MediaRetentionRepository } from './media.retention.repository.ts';

/** Items removed per round of a purge: bounded memory whatever the album's size. */
const purgeBatchSize = 200;

export function createAlbumPurge(deps: {
  repository: Pick<MediaRetentionRepository, 'purgeBatch'>;
  /** A purged album's wall log goes with its last item. */
  liveRepository: Pick<LiveRepository, 'forgetLive'>;
  onJobsEnqueued: () => void;
}) {
  return {
    /**
     * Removes every item of an event, a batch at a time, until none is left. Each batch's rows go
     * together with the clean-up jobs for the files they held (originals and derived images), in
     * one transaction: no file can be left without a row that names it, whatever finishes in between
     * or wherever a crash falls (the job then runs again and continues with what is left). The files
     * leave with those jobs, which are retried until the store has deleted them.
     */
    async purgeEvent(eventId: string): Promise<number> {
      let removed = 0;
      for (;;) {
        const deleted = await deps.repository.purgeBatch(eventId, purgeBatchSize);
        if (deleted === 0) {
          await deps.liveRepository.forgetLive(eventId);
          if (removed > 0) deps.onJobsEnqueued();
          return removed;
        }
        removed += deleted;
      }
    },
  };
}
