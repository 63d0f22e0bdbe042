import type { Event } from '@ani/contract/events';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { cn } from '../lib/cn';
import { formatBytes } from '../lib/format-date';

/** The fuller of the album's two limits, bytes or items, in whole percent (0–100). */
export function albumUsagePercent(event: Pick<Event, 'photoCount' | 'usage'>): number {
  const share = Math.max(event.usage.bytes / event.usage.maxBytes, event.photoCount / event.usage.maxItems);
  return Math.min(100, Math.max(0, Math.round(share * 100)));
}

/**
 * How much of its quota the album uses: "1,2 GB / 50 GB · 340 / 20.000 dosya" over a bar. Guests'
 * uploads are refused once either limit is reached, so the host sees it coming.
 */
export function AlbumUsage({
  event,
  className,
}: {
  event: Pick<Event, 'photoCount' | 'usage'>;
  className?: string;
}) {
  const percent = albumUsagePercent(event);
  const text = formatMessage(messages.media.usage, {
    used: formatBytes(event.usage.bytes),
    max: formatBytes(event.usage.maxBytes),
    items: event.photoCount.toLocaleString('tr-TR'),
    maxItems: event.usage.maxItems.toLocaleString('tr-TR'),
  });
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
        aria-valuetext={`%${percent} — ${text}`}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-300/60"
      >
        <div
          className={cn('h-full rounded-full', percent >= 90 ? 'bg-red-600' : 'bg-brand-500')}
          style={{ width: `${Math.max(percent, event.photoCount > 0 ? 1 : 0)}%` }}
        />
      </div>
    </div>
  );
}
