import { retentionEnd, turkishLongDate } from '@ani/contract/events';
import type { Logger } from '../../http/logger.ts';
import type { Clock } from '../../jobs/job-runner.ts';
import { escapeHtml, mailHtml } from '../../mail/mail-layout.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { EventsRepository } from './events.repository.ts';
import type { EventsRetentionRepository } from './events.retention.repository.ts';

export type RetentionNoticePayload = { eventId: string; daysBefore: number };
/** Warnings before an album's files are removed, in days; the larger first. */
const retentionNoticeDays = [30, 7] as const;

type OwnerContact = { email: string; username: string };

export type RetentionDeps = {
  /** The sweep's claims. */
  repository: Pick<EventsRetentionRepository, 'claimRetentionNotices' | 'archiveExpired'>;
  /** The event a queued warning is about, read again when it is sent. */
  eventsRepository: Pick<EventsRepository, 'findById'>;
  mailer: Mailer;
  publicUrl: string;
  retentionMonths: number;
  clock: Clock;
  logger: Logger;
  /** The users module's answer: where the owner reads mail (null once the account is gone). */
  ownerContact: (userId: string) => Promise<OwnerContact | null>;
  /**
   * The media module's signed ZIP link for the album, valid for `ttlSeconds`: its approved items,
   * and those awaiting approval too when asked for.
   */
  albumDownloadUrl: (eventId: string, ttlSeconds: number, options?: { includePending?: boolean }) => string;
};

/**
 * Keeping albums for the promised time, then removing their files: the sweep claims what is due
 * (warnings, then archiving) and queues the work as jobs; the jobs send the mails and remove the
 * files. Every decision is made against the injected clock.
 */
export function createRetention(deps: RetentionDeps) {
  const { repository, retentionMonths, clock } = deps;

  return {
    async sweep(): Promise<void> {
      const now = clock();
      // Smallest first: an event already inside the last 7 days gets only that warning.
      for (const days of [...retentionNoticeDays].sort((a, b) => a - b)) {
        const ids = await repository.claimRetentionNotices(now, retentionMonths, days);
        if (ids.length) deps.logger.info({ count: ids.length, days }, 'retention warnings queued');
      }
      const archived = await repository.archiveExpired(now, retentionMonths);
      if (archived.length)
        deps.logger.info({ events: archived }, 'albums archived: their retention period ended');
    },

    async sendNotice(payload: RetentionNoticePayload): Promise<void> {
      const event = await deps.eventsRepository.findById(payload.eventId);
      // Deleted or archived meanwhile: nothing left to warn about.
      if (!event || event.archivedAt) return;
      const owner = await deps.ownerContact(event.ownerId);
      if (!owner) return;
      const removal = retentionEnd(event.eventDate, retentionMonths);
      // The ZIP link works until the files go (and never longer than a month: it is a bearer link).
      const ttlSeconds = Math.max(
        60,
        Math.min(31 * 86_400, Math.floor((removal.getTime() - clock().getTime()) / 1000)),
      );
      await deps.mailer.send(
        retentionNoticeMail({
          to: owner.email,
          name: owner.username,
          eventTitle: event.title,
          removalDate: turkishLongDate(removal),
          daysBefore: payload.daysBefore,
          albumUrl: `${deps.publicUrl}/events/${encodeURIComponent(event.id)}`,
          // Everything goes at the end, the items still awaiting approval too: the link the mail
          // recommends must hold them, or it would answer "no photos" when every item waits.
          zipUrl: `${deps.publicUrl}${deps.albumDownloadUrl(event.id, ttlSeconds, { includePending: true })}`,
        }),
      );
    },
  };
}

function retentionNoticeMail(input: {
  to: string;
  name: string;
  eventTitle: string;
  removalDate: string;
  daysBefore: number;
  albumUrl: string;
  zipUrl: string;
}): MailMessage {
  const intro = `Merhaba ${input.name},`;
  const body = `“${input.eventTitle}” albümünüzün saklama süresi ${input.removalDate} tarihinde doluyor. Bu tarihte albümdeki tüm fotoğraf ve videolar kalıcı olarak silinecek; etkinliğinizin adı ve tarihi arşivde kalacak.`;
  const advice =
    'Anılarınızı kaybetmemek için albümün tamamını şimdi tek bir ZIP dosyası olarak indirmenizi öneririz.';
  const subject =
    input.daysBefore <= 7
      ? `Son ${input.daysBefore} gün: “${input.eventTitle}” albümünüz silinmek üzere`
      : `“${input.eventTitle}” albümünüz ${input.daysBefore} gün sonra silinecek`;
  return {
    to: input.to,
    link: input.albumUrl,
    subject,
    text: `${intro}\n\n${body}\n\n${advice}\n\nAlbümü aç: ${input.albumUrl}\nTümünü ZIP olarak indir: ${input.zipUrl}\n\nAnı Kutusu`,
    html: mailHtml(
      'Albümünüzün saklama süresi doluyor',
      [escapeHtml(intro), escapeHtml(body), advice],
      [
        { href: input.zipUrl, label: 'Tümünü ZIP Olarak İndir' },
        { href: input.albumUrl, label: 'Albümü Aç' },
      ],
    ),
  };
}
