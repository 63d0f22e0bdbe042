import { useMemo, useState } from 'react';
import { Check, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { poseCategories, poses, type PoseCategory } from '../poses';
import { PoseArt } from './pose-art';
import { saveBlob } from '../../../lib/save-file';

const difficultyClass = {
  Kolay: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  Orta: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  Zor: 'bg-red-500/15 text-red-700 dark:text-red-300',
};

export function PosesPage() {
  const [category, setCategory] = useState<PoseCategory | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const visible = useMemo(
    () => (category ? poses.filter((p) => p.category === category) : poses),
    [category],
  );
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // No server calls: the chosen poses are drawn here into one PDF for the photographer.
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    if (preparing) return;
    if (selected.size === 0) {
      toast({ title: 'Seçim Yapın', description: 'İndirmek için en az bir poz seçin.', variant: 'warning' });
      return;
    }
    toast({ title: 'İndirme başladı', description: `${selected.size} poz indiriliyor.`, variant: 'success' });
    setPreparing(true);
    try {
      const { buildPosesPdf } = await import('../poses-pdf');
      const bytes = await buildPosesPdf(poses.filter((p) => selected.has(p.id)));
      saveBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'poz-onerileri.pdf');
    } catch {
      toast({ title: 'Hata', description: 'Pozlar hazırlanırken bir hata oluştu.', variant: 'destructive' });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold">Poz Önerileri</h1>
          <p className="mt-1 text-stone-600 dark:text-stone-400">
            Fotoğrafçınızla paylaşmak istediğiniz pozları seçin.
          </p>
        </div>
        <Button onClick={() => void download()} aria-disabled={preparing || undefined}>
          <Download aria-hidden className="h-4 w-4" /> Seçilenleri İndir ({selected.size})
        </Button>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Kategoriler">
        {[null, ...poseCategories].map((c) => (
          <button
            key={c ?? 'all'}
            type="button"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1 text-sm',
              category === c
                ? 'border-brand-500 bg-brand-600 text-white'
                : 'border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800',
            )}
          >
            {c ?? 'Tümü'}
          </button>
        ))}
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="pose-grid">
        {visible.map((p) => {
          const on = selected.has(p.id);
          return (
            <li key={p.id}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => toggle(p.id)}
                className={cn(
                  'block w-full cursor-pointer overflow-hidden rounded-xl border-2 bg-white text-left dark:bg-stone-900',
                  on
                    ? 'border-brand-500'
                    : 'border-transparent hover:border-stone-300 dark:hover:border-stone-700',
                )}
              >
                <span className="relative block aspect-[4/3]">
                  <PoseArt pose={p} />
                  <span
                    className={cn(
                      'absolute top-2 right-2 flex h-6 w-6 items-center justify-center rounded-full border-2',
                      on ? 'border-brand-500 bg-brand-600 text-white' : 'border-white bg-black/20',
                    )}
                  >
                    {on ? <Check aria-hidden className="h-4 w-4" /> : null}
                  </span>
                </span>
                <span className="block p-3">
                  <span className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
                    <span className="text-sm leading-tight font-semibold">{p.name}</span>
                    <span
                      className={cn(
                        'shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold',
                        difficultyClass[p.difficulty],
                      )}
                    >
                      {p.difficulty}
                    </span>
                  </span>
                  <span className="mt-1 block text-xs text-stone-600 dark:text-stone-400">
                    {p.description}
                  </span>
                  <span className="mt-1 block text-[11px] text-stone-500">{p.category}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
