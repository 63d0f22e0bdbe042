import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Archive, CalendarDays, ChevronDown, Clock } from 'lucide-react';
import type { Event } from '@ani/contract/events';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { AlbumUsage } from '../../../components/album-usage';
import { CoverPicture } from '../../../components/cover-picture';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/format-date';
import { retentionNote, usePendingDeletion } from '../../../lib/retention';
import { paths } from '../../../config/paths';
import { pendingReviewPath } from '../event-rules';
import { ContentTab } from './content-tab';
import { QrTab } from './qr-tab';
import { SettingsTab } from './settings-tab';

/** One event: cover, title and date; a click opens or closes its İçerik / Ayarlar / QR Kod tabs. */
export function EventCard({ event, defaultOpen = false }: { event: Event; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const pendingDeletion = usePendingDeletion();
  return (
    <article className="overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm">
      {/* The accordion's header is a heading (its panels' headings are h3), holding the toggle. */}
      <h2 className="font-sans">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full cursor-pointer items-stretch text-left"
        >
          {/* Named after its event: a list of cards must not read out the same picture name each time. */}
          <CoverPicture
            cover={event.cover}
            alt={formatMessage(messages.events.coverAlt, { title: event.title })}
            sizes="(min-width: 640px) 176px, 112px"
            className="h-24 w-28 shrink-0 object-cover sm:h-28 sm:w-44"
          />
          <span className="flex min-w-0 flex-1 items-center justify-between gap-3 p-4">
            <span className="min-w-0">
              <span className="line-clamp-2 block font-display text-xl break-words font-semibold text-stone-900">
                {event.title}
              </span>
              <span className="mt-1 inline-flex items-center gap-1.5 text-sm text-stone-600">
                <CalendarDays aria-hidden className="h-4 w-4" />
                {formatLongDate(event.eventDate)}
              </span>
              <span
                className={cn(
                  'mt-1 flex items-start gap-1.5 text-xs',
                  event.archivedAt ? 'font-semibold text-stone-700' : 'text-stone-500',
                )}
              >
                <Archive aria-hidden className="mt-px h-3.5 w-3.5 shrink-0" />
                {pendingDeletion
                  ? messages.auth.deletionAlbumNote.replace('{tarih}', formatLongDate(pendingDeletion))
                  : retentionNote(event)}
              </span>
            </span>
            <ChevronDown
              aria-hidden
              className={cn('h-5 w-5 shrink-0 text-stone-500 transition-transform', open && 'rotate-180')}
            />
          </span>
        </button>
      </h2>
      {/* Cancelling the deletion is on the profile page ("Profil Ayarları" in the site's menu), in its
          data and account section; a link cannot sit inside the card's toggle button, so it follows it. */}
      {pendingDeletion ? (
        <p className="border-t border-brand-100 px-4 py-2 text-xs">
          <Link
            to={`${paths.profile}#verilerim`}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {messages.auth.deletionCancelLink}
          </Link>
        </p>
      ) : null}
      {/* Items wait for the couple in the album's review tab; like the link above, not in the toggle. */}
      {event.pendingCount > 0 && event.archivedAt === null ? (
        <p className="flex items-center gap-1.5 border-t border-brand-100 px-4 py-2 text-sm">
          <Clock aria-hidden className="h-4 w-4 shrink-0 text-gold-600" />
          <Link
            to={pendingReviewPath(event.id)}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {formatMessage(messages.events.pendingWaiting, { n: event.pendingCount.toLocaleString('tr-TR') })}
          </Link>
        </p>
      ) : null}
      <AlbumUsage event={event} className="border-t border-brand-100 px-4 py-2 text-stone-700" />
      {open ? (
        <div id={panelId} className="border-t border-brand-100 p-4 sm:p-6">
          <Tabs defaultValue="content">
            <TabsList aria-label="Etkinlik bölümleri">
              <TabsTrigger value="content">İçerik</TabsTrigger>
              <TabsTrigger value="settings">Ayarlar</TabsTrigger>
              <TabsTrigger value="qr">QR Kod</TabsTrigger>
            </TabsList>
            <TabsContent value="content">
              <ContentTab event={event} />
            </TabsContent>
            <TabsContent value="settings">
              <SettingsTab event={event} />
            </TabsContent>
            <TabsContent value="qr">
              <QrTab event={event} />
            </TabsContent>
          </Tabs>
        </div>
      ) : null}
    </article>
  );
}
