import { useState } from 'react';
import { ChevronLeft, ChevronRight, Download, Music2 } from 'lucide-react';
import { limits } from '@ani/contract/limits';
import { Button } from '../../../components/ui/button';
import { stepCarousel } from '../../../lib/carousel';
import { cn } from '../../../lib/cn';
import { musicSections, type MusicSection } from '../tracks';

const step = limits.carouselStepPx;
const hues = [
  'from-brand-500 to-amber-400',
  'from-violet-500 to-brand-500',
  'from-emerald-500 to-sky-500',
  'from-amber-500 to-rose-500',
];

function Section({ section, hue }: { section: MusicSection; hue: string }) {
  const [filter, setFilter] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const tracks = filter ? section.tracks.filter((t) => t.filter === filter) : section.tracks;
  const visible = () =>
    Math.min(
      limits.carouselVisible,
      Math.max(1, Math.floor(Math.min(window.innerWidth - 48, step * 4) / step)),
    );
  return (
    <section aria-labelledby={`m-${section.id}`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`m-${section.id}`} className="font-display text-2xl font-semibold">
            {section.title}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-400">{section.description}</p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={`${section.title} filtreleri`}>
          {section.filters.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => {
                setFilter((c) => (c === f ? null : f));
                setIndex(0);
              }}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1 text-sm',
                filter === f
                  ? 'border-brand-500 bg-brand-600 text-white'
                  : 'border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800',
              )}
            >
              {f}
            </button>
          ))}
        </div>
      </div>
      <div className="overflow-x-clip">
        <ul
          className="flex gap-5 transition-transform duration-500"
          style={{ transform: `translateX(-${index * step}px)` }}
        >
          {tracks.map((t, i) => (
            <li key={t.id} className="shrink-0" style={{ width: step - 20 }} data-testid="track">
              <div className="overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
                <div className={cn('relative flex h-32 items-center justify-center bg-gradient-to-br', hue)}>
                  <Music2 aria-hidden className="h-12 w-12 text-white/90" />
                  <span className="absolute right-3 bottom-2 text-xs font-semibold text-white/80">
                    #{i + 1}
                  </span>
                </div>
                <div className="flex items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{t.title}</p>
                    <p className="truncate text-xs text-stone-500">
                      {t.artist} · {t.filter}
                    </p>
                  </div>
                  {/* The download does nothing on purpose: the provider's DJ brings the tracks. */}
                  <Button size="icon" variant="ghost" aria-label={`${t.title} indir`}>
                    <Download aria-hidden className="h-4 w-4" />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex gap-2">
        <Button
          size="icon"
          variant="outline"
          aria-label="Önceki şarkılar"
          onClick={() => setIndex((i) => stepCarousel(i, -1, tracks.length, visible()))}
        >
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </Button>
        <Button
          size="icon"
          variant="outline"
          aria-label="Sonraki şarkılar"
          onClick={() => setIndex((i) => stepCarousel(i, 1, tracks.length, visible()))}
        >
          <ChevronRight aria-hidden className="h-5 w-5" />
        </Button>
      </div>
    </section>
  );
}

export function MusicPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display text-3xl font-semibold">Müzik Önerileri</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          Düğününüzün her anı için seçtiğimiz şarkılar.
        </p>
      </div>
      {musicSections.map((s, i) => (
        <Section key={s.id} section={s} hue={hues[i]!} />
      ))}
    </div>
  );
}
