import { useRef, useState } from 'react';
import { limits } from '@ani/contract/limits';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { cardThemes, stepCarousel, themeDataUrl, type CardTheme } from '../themes';

const step = limits.carouselStepPx;
const itemWidth = step - 20;

/** 10 themes, moved 300 px per click, up to 4 in view (fewer on a phone), exactly one selected. */
export function ThemesCarousel({
  selectedId,
  onSelect,
}: {
  selectedId: string;
  onSelect: (theme: CardTheme) => void;
}) {
  const [index, setIndex] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const visible = () =>
    Math.min(
      limits.carouselVisible,
      Math.max(1, Math.floor((viewport.current?.clientWidth || step * limits.carouselVisible) / step)),
    );
  const move = (dir: 1 | -1) => setIndex((i) => stepCarousel(i, dir, cardThemes.length, visible()));

  return (
    <div className="relative">
      <div ref={viewport} className="mx-auto max-w-[1200px] overflow-x-clip" data-testid="themes-viewport">
        {/* A radio group, not a list: its children are radios, and a list's items would lose their list. */}
        <div
          className="flex gap-5 transition-transform duration-500"
          style={{ transform: `translateX(-${index * step}px)` }}
          data-testid="themes-track"
          role="radiogroup"
          aria-label="Kart tasarımı"
        >
          {cardThemes.map((t) => {
            const selected = t.id === selectedId;
            return (
              <div key={t.id} className="shrink-0" style={{ width: itemWidth }}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  onClick={() => onSelect(t)}
                  className={cn(
                    'block w-full cursor-pointer overflow-hidden rounded-xl border-2 bg-white text-left text-stone-900 transition-shadow dark:bg-stone-900 dark:text-stone-100',
                    selected
                      ? 'border-brand-500 shadow-lg shadow-brand-500/20'
                      : 'border-transparent hover:border-stone-300 dark:hover:border-stone-600',
                  )}
                >
                  <span className="relative block">
                    <img
                      src={themeDataUrl(t, 280, 180)}
                      alt=""
                      width={280}
                      height={180}
                      className="h-44 w-full object-cover"
                    />
                    {selected ? (
                      <span className="absolute top-2 right-2 rounded-full bg-brand-600 p-1 text-white">
                        <Check aria-hidden className="h-4 w-4" />
                      </span>
                    ) : null}
                  </span>
                  <span className="block p-3">
                    <span className="block font-semibold">{t.title}</span>
                    <span className="mt-1 block text-xs text-stone-600 dark:text-stone-400">
                      {t.description}
                    </span>
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-3 flex justify-center gap-2">
        <Button size="icon" variant="outline" aria-label="Önceki tasarımlar" onClick={() => move(-1)}>
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </Button>
        <Button size="icon" variant="outline" aria-label="Sonraki tasarımlar" onClick={() => move(1)}>
          <ChevronRight aria-hidden className="h-5 w-5" />
        </Button>
      </div>
    </div>
  );
}
