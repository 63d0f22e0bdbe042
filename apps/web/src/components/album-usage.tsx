import { AlertCircle } from 'lucide-react';
import type { Event } from '@ani/contract/events';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { cn } from '../lib/cn';
import { formatBytes } from '../lib/format-date';

type Usage = Pick<Event, 'photoCount' | 'usage'> & Partial<Pick<Event, 'pendingCount'>>;

/** Items holding a place in the quota: awaiting approval counts like approved (decision 0100). */
const itemsUsed = (event: Usage) => event.photoCount + (event.pendingCount ?? 0);

/** The fuller of the album's two limits, bytes or items, in whole percent (0–100). */
export function albumUsagePercent(event: Usage): number {
  const share = Math.max(event.usage.bytes / event.usage.maxBytes, itemsUsed(event) / event.usage.maxItems);
  return Math.min(100, Math.max(0, Math.round(share * 100)));
}

/**
 * Which limit stops guests' uploads now, if any: the server refuses a new upload once the bytes or the
 * items reach the quota, whatever the rounded percent says.
 */
export function albumFull(event: Usage): 'bytes' | 'items' | null {
  if (event.usage.bytes >= event.usage.maxBytes) return 'bytes';
  if (itemsUsed(event) >= event.usage.maxItems) return 'items';
  return null;
}

const fullTexts = {
  bytes: 'Albümün depolama alanı doldu; misafirler yeni fotoğraf ve video yükleyemez.',
  items: 'Albüm dosya sınırına ulaştı; misafirler yeni fotoğraf ve video yükleyemez.',
} as const;

/**
 * How much of its quota the album uses: "1,2 GB / 50 GB · 340 / 20.000 dosya" over a bar. Guests'
 * uploads are refused once either limit is reached, so the host sees it coming, and a full album says
 * so in words (a red bar alone tells nothing to who cannot tell it from the "almost full" one).
 */
export function AlbumUsage({ event, className }: { event: Usage; className?: string }) {
  const percent = albumUsagePercent(event);
  const full = albumFull(event);
  const waiting = event.pendingCount ?? 0;
  // The item count takes in what awaits approval, unlike the album's own "N fotoğraf" counts of the
  // approved: it says so, or the two numbers side by side look like a mistake.
  const text =
    formatMessage(messages.media.usage, {
      used: formatBytes(event.usage.bytes),
      max: formatBytes(event.usage.maxBytes),
      items: itemsUsed(event).toLocaleString('tr-TR'),
      maxItems: event.usage.maxItems.toLocaleString('tr-TR'),
    }) +
    (waiting > 0
      ? ` (${formatMessage(messages.events.usagePendingIncluded, { n: waiting.toLocaleString('tr-TR') })})`
      : '');
  return (
    <div className={cn('text-xs', className)} data-testid="album-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="font-medium">Albüm kullanımı</span>
        <span className="tabular-nums opacity-80">{text}</span>
      </div>
      <div
        role="meter"
        aria-label="Albüm kullanımı"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`%${percent} — ${text}${full ? ` — ${fullTexts[full]}` : ''}`}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-300/60"
      >
        <div
          className={cn('h-full rounded-full', percent >= 90 || full ? 'bg-red-600' : 'bg-brand-500')}
          style={{ width: `${Math.max(percent, itemsUsed(event) > 0 ? 1 : 0)}%` }}
        />
      </div>
      {full ? (
        // The card's own text colour: the line sits on a light card and on a dark cover alike.
        <p className="mt-1.5 flex items-start gap-1.5 font-semibold" data-testid="album-full">
          <AlertCircle aria-hidden className="mt-px h-3.5 w-3.5 shrink-0 text-red-500" />
          {fullTexts[full]}
        </p>
      ) : null}
    </div>
  );
}
