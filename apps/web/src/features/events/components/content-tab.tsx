import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Clock, Download, ExternalLink, ImageOff, Play } from 'lucide-react';
import type { Event } from '@ani/contract/events';
import { formatMessage, type MediaItem } from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { useAlbumDownload } from '../../../components/album-download-dialog';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { openAlbum } from '../../../lib/owner-tab';
import { toast } from '../../../lib/toast';
import { previewPhotosQuery } from '../api/events-api';
import { extensionOf, pendingReviewPath } from '../event-rules';

const e = messages.events;
const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

function Tile({
  item,
  position,
  eventTitle,
  onOpen,
}: {
  item: MediaItem;
  position: number;
  eventTitle: string;
  onOpen: () => void;
}) {
  const video = item.type === 'video';
  const src = video ? item.thumbnailUrl : item.url;
  return (
    <button
      type="button"
      onClick={onOpen}
      // Each tile its own name: the event's and the item's place in it, not one text for all of them.
      aria-label={formatMessage(video ? e.previewVideo : e.previewPhoto, { title: eventTitle, n: position })}
      className="relative aspect-square cursor-pointer overflow-hidden rounded-xl bg-stone-800"
    >
      {src ? <img src={src} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
      {video ? (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/35 text-white">
          <Play aria-hidden className="h-8 w-8 fill-white" />
          <span className="text-xs font-semibold">{extensionOf(item.key)}</span>
          <span className="text-xs">Video</span>
        </span>
      ) : null}
    </button>
  );
}

/** "İçerik": count, up to 3 thumbnails of the first 4, the count tile, status line and album download. */
export function ContentTab({ event }: { event: Event }) {
  const preview = useQuery(previewPhotosQuery(event.id));
  const count = preview.data?.photoCount ?? event.photoCount;
  const pendingCount = preview.data?.pendingCount ?? event.pendingCount;
  // Items awaiting approval are offered in the download too, as on the album page.
  const download = useAlbumDownload({
    eventId: event.id,
    title: event.title,
    photoCount: count,
    pendingCount,
  });
  const open = () => openAlbum(event.id);
  // The same failure text as the album page, as a toast and inline (not the generic "Hata" of the client).
  useEffect(() => {
    if (preview.isError)
      toast({ title: 'Hata', description: messages.media.photosFailed, variant: 'destructive' });
  }, [preview.isError]);
  const items = preview.data?.photos.slice(0, limits.previewShownCount) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-stone-900">Fotoğraf ve Videolar ({count})</h3>
          {/* The count is the approved ones; the usage line above counts the waiting ones too. */}
          {pendingCount > 0 && count > 0 ? (
            <p className="mt-0.5 text-sm text-stone-600" data-testid="approved-only-note">
              {formatMessage(e.approvedOnlyNote, { n: pendingCount.toLocaleString('tr-TR') })}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          onClick={() => void download.start()}
          disabled={count + pendingCount === 0 || download.running}
        >
          <Download aria-hidden className="h-4 w-4" />
          Albümü İndir
        </Button>
      </div>
      {preview.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Yükleniyor" />
        </div>
      ) : preview.isError ? (
        <p className="text-sm text-red-700">
          {messages.media.photosFailed} Lütfen daha sonra tekrar deneyin.
        </p>
      ) : count === 0 && pendingCount > 0 && event.archivedAt === null ? (
        // Guests did upload: everything waits for the couple, so "nothing added yet" would be untrue.
        <div
          className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gold-400/60 p-8 text-center"
          data-testid="empty-but-pending"
        >
          <Clock aria-hidden className="h-8 w-8 text-gold-600" />
          <p className="font-medium text-stone-800">{e.emptyButPendingTitle}</p>
          <p className="text-sm text-stone-600">
            {formatMessage(e.emptyButPending, { n: pendingCount.toLocaleString('tr-TR') })}
          </p>
          <Link to={pendingReviewPath(event.id)} className={linkClass}>
            {e.reviewPendingLink}
          </Link>
        </div>
      ) : count === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-stone-300 p-8 text-center">
          <ImageOff aria-hidden className="h-8 w-8 text-stone-400" />
          <p className="font-medium text-stone-800">Henüz Fotoğraf Yok</p>
          <p className="text-sm text-stone-600">Bu etkinliğe henüz fotoğraf eklenmemiş.</p>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {items.map((item, index) => (
            <Tile key={item.id} item={item} position={index + 1} eventTitle={event.title} onOpen={open} />
          ))}
          <button
            type="button"
            onClick={open}
            className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-xl bg-brand-50 text-brand-800 hover:bg-brand-100"
          >
            <span className="text-2xl font-semibold">{count}</span>
            <span className="text-sm font-medium">Albümü Gör</span>
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-3">
        <p className="inline-flex items-center gap-2 text-sm text-stone-700" data-testid="event-status">
          <span
            aria-hidden
            className={
              event.canAddPhotos ? 'h-2 w-2 rounded-full bg-emerald-500' : 'h-2 w-2 rounded-full bg-stone-400'
            }
          />
          {event.canAddPhotos ? 'Etkinlik devam ediyor' : 'Etkinlik tamamlandı'}
        </p>
        <Button variant="link" onClick={open} className="px-0">
          <ExternalLink aria-hidden className="h-4 w-4" />
          Albümü Görüntüle
        </Button>
      </div>
      {download.dialog}
    </div>
  );
}
