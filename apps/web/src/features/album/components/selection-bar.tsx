import { Trash2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Bulk bar for the owner: "{n} öğe seçildi", "Seçimleri Kaldır", "Seçilenleri Sil". */
export function SelectionBar({
  count,
  busy,
  onClear,
  onDelete,
}: {
  count: number;
  busy?: boolean;
  onClear: () => void;
  onDelete: () => void;
}) {
  if (count === 0) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 p-3 sm:bottom-4" role="region" aria-label="Seçim">
      <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-2 rounded-2xl bg-stone-900 px-4 py-3 text-white shadow-2xl">
        <span className="font-medium" aria-live="polite">
          {count} öğe seçildi
        </span>
        <div className="flex gap-2">
          <Button
            variant="ghost"
            size="sm"
            // A fixed bar at the bottom of a phone: each button is a 44 px thumb target there.
            className="text-white hover:bg-white/10 hover:text-white max-sm:min-h-11"
            onClick={onClear}
            disabled={busy}
          >
            <X aria-hidden className="h-4 w-4" />
            Seçimleri Kaldır
          </Button>
          <Button
            variant="destructive"
            size="sm"
            className="max-sm:min-h-11"
            onClick={onDelete}
            disabled={busy}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            Seçilenleri Sil
          </Button>
        </div>
      </div>
    </div>
  );
}
