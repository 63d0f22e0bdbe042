import { ImageOff } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import { cn } from '../../../lib/cn';

/**
 * Stands in for a photo that no browser could show: the server could not decode it (damaged
 * beyond repair), or the picture failed to load. Says so in words instead of spinning forever.
 */
export function UnreadablePhoto({
  className,
  tone = 'light',
}: {
  className?: string;
  tone?: 'light' | 'dark';
}) {
  return (
    <span
      role="img"
      aria-label={messages.media.unreadable}
      className={cn(
        'flex flex-col items-center justify-center gap-2 p-3 text-center',
        tone === 'light'
          ? 'bg-stone-300 text-stone-700 dark:bg-stone-800 dark:text-stone-300'
          : 'text-white/80',
        className,
      )}
      data-testid="unreadable-photo"
    >
      <ImageOff aria-hidden className="h-8 w-8 shrink-0" />
      <span className="text-xs leading-snug sm:text-sm">{messages.media.unreadable}</span>
    </span>
  );
}
