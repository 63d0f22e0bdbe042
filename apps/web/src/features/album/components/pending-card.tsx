import { useId, useState } from 'react';
import { Check, Clock, Play, Trash2 } from 'lucide-react';
import { shownUploader, type MediaItem } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { browserCanShow } from '../album-rules';
import { insetFocusRing } from './album-tile';
import { clearOfStickyBars } from './focus-clearance';
import { TileSelectBox } from './tile-select-box';

const a = messages.approval;

/** Whether an element's focus is one the browser shows as the keyboard's (`:focus-visible`). */
function keyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

export function PendingCard({
  item,
  index,
  selected,
  busy,
  onToggle,
  onApprove,
  onReject,
}: {
  item: MediaItem;
  index: number;
  selected: boolean;
  busy: boolean;
  onToggle: (id: string) => void;
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
}) {
  const video = item.type === 'video';
  const label = `${video ? 'Video' : 'Fotoğraf'} ${index + 1}`;
  // The card's buttons are named by position, which says nothing to a screen reader's user: each
  // also announces whose upload it is, with the note and the time, as the card shows them.
  const about = useId();
  const src = item.thumbnailUrl ?? (video ? null : item.url);
  const large = largeUrl(item);
  return (
    <li
      data-testid="pending-item"
      // The keyboard moving up the list stops a button just under the sticky bars, its photo and
      // guest's name hidden above them: the whole card is brought into view, so the host sees what
      // "Onayla" approves. Only for the keyboard's focus: a pointer's focus comes with its press, and
      // moving the page under it would carry the release off the button and lose the click. Not a
      // card taller than most of the window, where that could hide the button.
      style={clearOfStickyBars}
      onFocus={(event) => {
        const card = event.currentTarget;
        if (!keyboardFocus(event.target)) return;
        if (card.getBoundingClientRect().height < window.innerHeight * 0.6)
          card.scrollIntoView?.({ block: 'nearest' });
      }}
      className={cn(
        'overflow-hidden rounded-xl border bg-white shadow-sm dark:bg-stone-900',
        selected ? 'border-brand-500 ring-2 ring-brand-400' : 'border-stone-200 dark:border-stone-800',
      )}
    >
      <div className="relative aspect-square bg-stone-200 dark:bg-stone-800">
        {src && large ? (
          <a
            href={large}
            target="_blank"
            rel="noopener"
            aria-label={`${label} — büyük aç`}
            aria-describedby={about}
            style={clearOfStickyBars}
            // The card's overflow-hidden would cut off an outline drawn outside the link; the ring is
            // drawn inside the square, its top corners rounded as the card's are.
            className={cn('block h-full w-full after:rounded-t-xl', insetFocusRing)}
          >
            <img src={src} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
          </a>
        ) : src ? (
          <img src={src} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : null}
        {video ? (
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center bg-black/25">
            <Play aria-hidden className="h-10 w-10 fill-white text-white drop-shadow" />
          </span>
        ) : null}
        <TileSelectBox
          label={label}
          describedBy={about}
          selected={selected}
          onToggle={() => onToggle(item.id)}
        />
      </div>
      <div className="space-y-1 p-3">
        <div id={about} className="space-y-1">
          {/* Wrapped, not cut off: the host reads the whole name before approving (up to 100 letters). */}
          <p
            data-testid="pending-uploader"
            className="text-sm font-semibold [overflow-wrap:anywhere] text-stone-900 dark:text-stone-100"
          >
            {shownUploader(item.metadata.uploader) ?? a.anonymous}
          </p>
          {item.metadata.note ? <PendingNote note={item.metadata.note} /> : null}
          <p className="flex items-center gap-1 text-xs text-stone-500 dark:text-stone-400">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {formatDateTime(item.metadata.uploadDate)}
          </p>
        </div>
        <div className="flex gap-2 pt-1">
          <Button
            size="sm"
            className="flex-1 max-sm:h-11"
            disabled={busy}
            onClick={() => onApprove(item.id)}
            aria-label={`${label} onayla`}
            style={clearOfStickyBars}
            aria-describedby={about}
            data-approve-id={item.id}
          >
            <Check aria-hidden className="h-4 w-4" />
            {a.approve}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="shrink-0 max-sm:h-11 max-sm:w-11"
            disabled={busy}
            onClick={() => onReject(item.id)}
            aria-label={`${label} reddet`}
            style={clearOfStickyBars}
            aria-describedby={about}
            title={a.reject}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Where "büyük aç" leads: the original where a browser can show it in a tab, else (HEIC/HEIF) the
 * derived preview, which the list's `url` is once it exists; a tab given a HEIC original would only
 * download it. None while such a photo has no preview yet, or never will (unreadable).
 */
function largeUrl(item: MediaItem): string | null {
  if (item.type === 'video' || browserCanShow(item.mimeType)) return item.originalUrl;
  return item.processed && !item.unreadable ? item.url : null;
}

/** Notes longer than this may pass the card's two lines (a phone card holds ~30 characters a line). */
const noteFitsChars = 60;

/**
 * The guest's note, two lines on the card; a longer one opens in full on request, since the host
 * approves it for the wall (which shows more of it) and must be able to read all of it first.
 */
function PendingNote({ note }: { note: string }) {
  const [open, setOpen] = useState(false);
  const text = useId();
  const long = note.length > noteFitsChars;
  return (
    <>
      <p
        id={text}
        className={cn(
          'text-sm break-words text-stone-600 italic dark:text-stone-300',
          !open && 'line-clamp-2',
        )}
      >
        “{note}”
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={text}
          onClick={() => setOpen((o) => !o)}
          style={clearOfStickyBars}
          className="text-brand-700 dark:text-brand-300 text-xs font-semibold underline max-sm:min-h-11"
        >
          {open ? a.noteLess : a.noteMore}
        </button>
      ) : null}
    </>
  );
}
