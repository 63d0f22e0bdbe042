import { Clock } from 'lucide-react';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';

const e = messages.events;

/**
 * The album with nothing in it yet. While guests' uploads wait for the owner's approval, "nothing
 * has been added" would be untrue: it says how many wait (the events page's İçerik tab says the
 * same) and leads to them.
 */
export function AlbumEmpty({
  pendingCount,
  onShowPending,
}: {
  pendingCount: number;
  onShowPending: () => void;
}) {
  if (pendingCount > 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <Clock aria-hidden className="h-8 w-8 text-amber-700 dark:text-amber-300" />
        <p className="text-lg font-medium text-stone-800 dark:text-stone-100">{e.emptyButPendingTitle}</p>
        <p className="max-w-md text-stone-600 dark:text-stone-400">
          {formatMessage(e.emptyButPending, { n: pendingCount.toLocaleString('tr-TR') })}
        </p>
        <Button variant="outline" className="mt-2 max-sm:min-h-11" onClick={onShowPending}>
          {e.reviewPendingLink}
        </Button>
      </div>
    );
  }
  return (
    <div className="py-16 text-center">
      <p className="text-lg font-medium text-stone-800 dark:text-stone-100">Henüz Fotoğraf Yok</p>
      <p className="mt-1 text-stone-600 dark:text-stone-400">Bu etkinliğe henüz fotoğraf eklenmemiş.</p>
    </div>
  );
}
