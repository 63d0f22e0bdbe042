import { Clock } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The album with nothing in it yet. While guests' uploads wait for the owner's approval it is not
 * the whole story: one more line says how many wait and leads to them.
 */
export function AlbumEmpty({
  pendingCount,
  onShowPending,
}: {
  pendingCount: number;
  onShowPending: () => void;
}) {
  return (
    <div className="py-16 text-center">
      <p className="text-lg font-medium text-stone-800 dark:text-stone-100">Henüz Fotoğraf Yok</p>
      <p className="mt-1 text-stone-600 dark:text-stone-400">Bu etkinliğe henüz fotoğraf eklenmemiş.</p>
      {pendingCount > 0 ? (
        <div className="mt-5 flex flex-col items-center gap-3">
          <p className="flex items-center gap-2 font-medium text-amber-700 dark:text-amber-300">
            <Clock aria-hidden className="h-4 w-4" />
            {pendingCount.toLocaleString('tr-TR')} öğe onayınızı bekliyor.
          </p>
          <Button variant="outline" className="max-sm:min-h-11" onClick={onShowPending}>
            Onay Bekleyenlere Git
          </Button>
        </div>
      ) : null}
    </div>
  );
}
