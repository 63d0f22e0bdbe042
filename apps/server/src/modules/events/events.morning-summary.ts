import { istanbulDay, turkishLongDate } from '@ani/contract/events';
import type { Logger } from '../../http/logger.ts';
import type { Clock } from '../../jobs/job-runner.ts';
import { escapeHtml, mailHtml } from '../../mail/mail-layout.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { MediaApi } from '../media/media.public.ts';
import type { RetentionDeps } from './events.retention.ts';
import type { EventsRepository } from './events.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The mail goes at this hour (Istanbul time) of the day after the event's day. */
const sendHour = 9;
/** A summary more late than this (a server that was down) is not sent at all. */
const lateWindowMs = 2 * DAY_MS;
/** The mailed ZIP link: a week to download at leisure; a bearer link should not live longer. */
const zipLinkTtlSeconds = 7 * 24 * 60 * 60;

/** Midnight of the Istanbul day `date` falls on (Türkiye keeps UTC+3 all year). */
const istanbulMidnight = (date: Date) => new Date(`${istanbulDay(date)}T00:00:00+03:00`);

/**
 * The morning after the wedding, the owner hears what the guests shared: once per event (claimed
 * with the job in one transaction, the job's id fixed), decided against the injected clock.
 */
export function createMorningSummary(
  deps: Pick<RetentionDeps, 'ownerContact' | 'albumDownloadUrl'> & {
    repository: EventsRepository;
    media: Pick<MediaApi, 'summaryOf'>;
    mailer: Mailer;
    publicUrl: string;
    clock: Clock;
    logger: Logger;
  },
) {
  return {
    async sweep(): Promise<void> {
      const now = deps.clock();
      // An event on day D is due from D+1 09:00: now − 33 h then falls on D or later.
      const dueBefore = new Date(
        istanbulMidnight(new Date(now.getTime() - DAY_MS - sendHour * HOUR_MS)).getTime() + DAY_MS,
      );
      const ids = await deps.repository.claimMorningSummaries(
        now,
        new Date(dueBefore.getTime() - lateWindowMs),
        dueBefore,
      );
      if (ids.length) deps.logger.info({ count: ids.length }, 'morning-after summaries queued');
    },

    async send({ eventId }: { eventId: string }): Promise<void> {
      const event = await deps.repository.findById(eventId);
      if (!event || event.archivedAt) return;
      const shared = await deps.media.summaryOf(eventId);
      // Nothing was shared: no mail that would only say so.
      if (shared.photos + shared.videos === 0) return;
      const owner = await deps.ownerContact(event.ownerId);
      if (!owner) return;
      await deps.mailer.send(
        morningSummaryMail({
          to: owner.email,
          name: owner.username,
          eventTitle: event.title,
          eventDate: turkishLongDate(event.eventDate),
          ...shared,
          albumUrl: `${deps.publicUrl}/events/${encodeURIComponent(event.id)}`,
          // The mail goes to the owner alone, who should get everything shared: a link without the
          // items awaiting approval would leave them out, and answer "no photos" when all are.
          zipUrl: `${deps.publicUrl}${deps.albumDownloadUrl(event.id, zipLinkTtlSeconds, {
            includePending: shared.pending > 0,
          })}`,
        }),
      );
    },
  };
}

function morningSummaryMail(input: {
  to: string;
  name: string;
  eventTitle: string;
  eventDate: string;
  photos: number;
  videos: number;
  pending: number;
  guests: number;
  albumUrl: string;
  zipUrl: string;
}): MailMessage {
  const intro = `Günaydın ${input.name},`;
  const what = [
    input.photos ? `${input.photos} fotoğraf` : null,
    input.videos ? `${input.videos} video` : null,
  ]
    .filter(Boolean)
    .join(' ve ');
  const body = `${input.eventDate} tarihindeki “${input.eventTitle}” etkinliğinizde ${input.guests} misafiriniz toplam ${what} paylaştı.`;
  const pending = input.pending
    ? `Bunlardan ${input.pending} dosya onayınızı bekliyor; onaylayana kadar albümde ve duvarda görünmez.`
    : null;
  const advice = input.pending
    ? 'Paylaşılanların tamamını, onayınızı bekleyenler de dahil, tek bir ZIP dosyası olarak indirebilirsiniz; indirme bağlantısı 7 gün geçerlidir.'
    : 'Albümün tamamını tek bir ZIP dosyası olarak indirebilirsiniz; indirme bağlantısı 7 gün geçerlidir.';
  const paragraphs = [intro, body, ...(pending ? [pending] : []), advice];
  return {
    to: input.to,
    link: input.albumUrl,
    subject: `“${input.eventTitle}”: misafirleriniz ${what} paylaştı`,
    text: `${paragraphs.join('\n\n')}\n\nAlbümü aç: ${input.albumUrl}\nTümünü ZIP olarak indir: ${input.zipUrl}\n\nAnı Kutusu`,
    html: mailHtml('Dünün anıları albümünüzde', paragraphs.map(escapeHtml), [
      { href: input.albumUrl, label: 'Albümü Aç' },
      { href: input.zipUrl, label: 'Tümünü ZIP Olarak İndir' },
    ]),
  };
}
