import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { MediaApi } from '../media/media.public.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import type { WhatsappApi } from '../whatsapp/whatsapp.public.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEventsRetentionRepository } from './events.retention.repository.ts';
import type { CoverSet } from '@ani/contract/events';
import { coverObjectKeys, coverSetOf } from './cover-files.ts';
import { coversRoutes } from './covers.routes.ts';
import { createCoversService } from './covers.service.ts';
import { createMorningSummary } from './events.morning-summary.ts';
import { createRetention, type RetentionDeps } from './events.retention.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService, toEvent } from './events.service.ts';

/** What account deletion and the data export ask of this module (wired in app.ts). */
export type EventsModuleApi = {
  eventIdsOf(ownerId: string): Promise<string[]>;
  /** Closes uploads on every event of this owner: no upload commits to them once this returns. */
  closeUploadsOf(ownerId: string): Promise<void>;
  /** The events in a host's data archive; each album is a link to its own ZIP, not a copy. */
  exportOf(ownerId: string, linkTtlSeconds: number): Promise<{ name: string; content: string }[]>;
  /** Removes the files of an owner's custom covers; the rows go with the account. */
  deleteStoredFilesOf(ownerId: string): Promise<void>;
  /** The cover the event's public upload page shows; null when there is no such event. */
  publicCoverOf(eventId: string): Promise<CoverSet | null>;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hosts' events: CRUD for the owner and the public info the upload page reads. */
export async function registerEventsModule(
  app: FastifyInstance,
  deps: AppDeps & {
    jobs: AppJobRunner;
    access: OwnerAccess;
    media: MediaApi;
    weddings: WeddingsApi;
    whatsapp: WhatsappApi;
  } & Pick<RetentionDeps, 'ownerContact' | 'albumDownloadUrl'>,
): Promise<EventsModuleApi> {
  const repository = createEventsRepository(deps.db);
  const retentionRepository = createEventsRetentionRepository(deps.db);
  const quota = {
    maxBytes: deps.config.uploadBounds.eventQuotaBytes,
    maxItems: deps.config.uploadBounds.eventQuotaItems,
  };
  const service = createEventsService({
    eventsRepository: repository,
    retentionMonths: deps.config.retentionMonths,
    quota,
    access: deps.access,
    media: deps.media,
    weddings: deps.weddings,
    whatsapp: deps.whatsapp,
    // Deleting an event schedules its objects' removal; wake the worker instead of waiting for its poll.
    onObjectsScheduled: () => deps.jobs.kick(),
  });
  const retention = createRetention({
    repository: retentionRepository,
    eventsRepository: repository,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    retentionMonths: deps.config.retentionMonths,
    clock: deps.clock ?? (() => new Date()),
    logger: app.log,
    ownerContact: deps.ownerContact,
    albumDownloadUrl: deps.albumDownloadUrl,
  });
  const covers = createCoversService({
    repository,
    access: deps.access,
    media: deps.media,
    storage: deps.storage,
    view: (row) => toEvent(row, deps.config.retentionMonths, quota),
    onObjectsScheduled: () => deps.jobs.kick(),
  });
  const morningSummary = createMorningSummary({
    repository,
    media: deps.media,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock ?? (() => new Date()),
    logger: app.log,
    ownerContact: deps.ownerContact,
    albumDownloadUrl: deps.albumDownloadUrl,
  });
  deps.jobs.handle('events.morning-summary-sweep', () => morningSummary.sweep());
  deps.jobs.handle('events.morning-summary', (payload) => morningSummary.send(payload));
  deps.jobs.handle('events.retention-sweep', () => retention.sweep());
  deps.jobs.handle('events.retention-notice', (payload) => retention.sendNotice(payload));
  await app.register(eventsRoutes, { prefix: '/api', service });
  await app.register(coversRoutes, { prefix: '/api', service: covers });
  return {
    eventIdsOf: (ownerId) => retentionRepository.idsOfOwner(ownerId),
    closeUploadsOf: (ownerId) => retentionRepository.closeUploadsOfOwner(ownerId),
    async publicCoverOf(eventId) {
      // Any text can stand in the page's address; only an event id is worth asking the database about.
      if (!uuid.test(eventId)) return null;
      const row = await repository.findById(eventId);
      return row ? coverSetOf(row) : null;
    },
    async deleteStoredFilesOf(ownerId) {
      for (const cover of await retentionRepository.customCoversOf(ownerId))
        for (const key of coverObjectKeys(cover)) await deps.storage.delete(key);
    },
    async exportOf(ownerId, linkTtlSeconds) {
      const rows = await repository.listByOwner(ownerId);
      // The cover's URLs are public and made absolute, so the archive's links open from anywhere.
      const list = rows.map((row) => ({
        ...toEvent(row, deps.config.retentionMonths, quota),
        coverImageUrl: row.coverKey ? `${deps.config.publicUrl}${coverSetOf(row).src}` : null,
        albumZipUrl: row.archivedAt
          ? null
          : // The owner's own archive: the items awaiting approval are theirs as well.
            `${deps.config.publicUrl}${deps.albumDownloadUrl(row.id, linkTtlSeconds, { includePending: true })}`,
      }));
      return [{ name: 'etkinlikler.json', content: `${JSON.stringify(list, null, 2)}\n` }];
    },
  };
}
