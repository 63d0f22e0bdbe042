import { CalendarDays, Images } from 'lucide-react';
import { CoverPicture } from '../../../components/cover-picture';
import { formatLongDate } from '../../../lib/format-date';
import { heroCoverSizes } from '@ani/contract/upload-page';
import type { UploadEventInfo } from '../api/get-event-info';

/** Cover, title, date and media count at the top of the guest page. */
export function EventHero({ info }: { info: UploadEventInfo }) {
  return (
    <header className="relative isolate overflow-hidden bg-stone-900 text-white">
      {info.cover ? (
        // The page’s LCP image (the server names the same file in the HTML; see heroCoverSizes).
        <CoverPicture
          cover={info.cover}
          sizes={heroCoverSizes}
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-stone-950/80 via-stone-900/30 to-transparent" />
      <div className="mx-auto flex min-h-48 max-w-3xl flex-col justify-end gap-2 px-4 pt-14 pb-6 sm:min-h-64 sm:px-6">
        <h1 className="font-display text-3xl leading-tight font-semibold break-words sm:text-4xl">
          {info.title}
        </h1>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-white/90">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden className="h-4 w-4" />
            {formatLongDate(info.eventDate)}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="media-count">
            <Images aria-hidden className="h-4 w-4" />
            {info.photoCount} Fotoğraf & Video
          </span>
        </div>
      </div>
    </header>
  );
}
