import type { ReactNode } from 'react';
import { CalendarDays, Images } from 'lucide-react';
import type { Event } from '@ani/contract/events';
import { CoverPicture } from '../../../components/cover-picture';
import { formatLongDate } from '../../../lib/format-date';

/** Cover with title, date and the "Fotoğraf & Video" count. */
export function AlbumHeader({
  event,
  photoCount,
  actions,
}: {
  event: Event;
  photoCount: number;
  actions?: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden bg-stone-900 text-white">
      <CoverPicture
        cover={event.cover}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-stone-950/85 via-stone-900/30 to-transparent" />
      <div className="mx-auto flex min-h-52 max-w-6xl flex-col justify-end gap-3 px-4 pt-16 pb-6 sm:min-h-72 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="min-w-0">
          <h1 className="font-display text-3xl leading-tight font-semibold break-words sm:text-5xl">
            {event.title}
          </h1>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-white/90">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="h-4 w-4" />
              {formatLongDate(event.eventDate)}
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="album-count">
              <Images aria-hidden className="h-4 w-4" />
              {photoCount} Fotoğraf & Video
            </span>
          </div>
        </div>
        {actions}
      </div>
    </header>
  );
}
