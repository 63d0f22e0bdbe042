import { useCallback, useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { limits } from '@ani/contract/limits';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { testimonials } from '../content';
import { ArtPicture } from './art-picture';

/** Wraps both ways: before the first comes the last. */
function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}

export function Testimonials() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = testimonials.length;
  const go = useCallback((delta: number) => setIndex((i) => wrapIndex(i + delta, count)), [count]);

  // Autoplay every 5000 ms; paused while the visitor hovers or focuses the carousel so it can be read.
  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => go(1), limits.testimonialAutoplayMs);
    return () => window.clearInterval(timer);
  }, [go, paused, index]);

  const current = testimonials[index]!;
  return (
    <section
      aria-labelledby="testimonials-title"
      className="bg-gradient-to-b from-cream-50 to-brand-50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="testimonials-title" className="text-3xl font-semibold text-stone-900 sm:text-4xl">
            Mutlu Çiftlerimizden
          </h2>
          <p className="mt-3 text-stone-600">Hizmetimizi kullanan çiftlerimizin deneyimleri</p>
        </div>
        {/* Autoplay needs the app: on screen, the carousel starts the landing page's app (start-on-demand.ts). */}
        <div
          data-needs-app
          role="group"
          aria-roledescription="carousel"
          aria-label="Çiftlerimizin yorumları"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
          className="grid items-center gap-8 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-brand-100 sm:p-10 md:grid-cols-[220px_1fr]"
        >
          <div className="relative mx-auto h-48 w-48 md:h-56 md:w-56">
            {testimonials.map((t, i) => (
              <ArtPicture
                key={t.name}
                name={t.src}
                sizes="224px"
                alt={i === index ? t.name : ''}
                width={320}
                height={320}
                loading="lazy"
                className={cn(
                  'absolute inset-0 h-full w-full rounded-3xl object-cover shadow-md transition-all duration-500',
                  i === index ? 'scale-100 rotate-0 opacity-100' : 'scale-95 rotate-3 opacity-0',
                )}
              />
            ))}
          </div>
          <div aria-live={paused ? 'polite' : 'off'} className="space-y-4">
            <Quote aria-hidden className="h-8 w-8 text-brand-300" />
            <blockquote className="text-lg leading-relaxed text-stone-700">“{current.quote}”</blockquote>
            <div>
              <p className="font-display text-xl font-semibold text-stone-900">{current.name}</p>
              <p className="text-sm text-brand-700">{current.designation}</p>
            </div>
            <div className="flex items-center gap-3 pt-2">
              <Button
                variant="outline"
                size="icon"
                className="rounded-full"
                aria-label="Önceki yorum"
                onClick={() => go(-1)}
              >
                <ChevronLeft aria-hidden className="h-5 w-5" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                className="rounded-full"
                aria-label="Sonraki yorum"
                onClick={() => go(1)}
              >
                <ChevronRight aria-hidden className="h-5 w-5" />
              </Button>
              <p className="ml-2 text-sm text-stone-500" data-testid="testimonial-position">
                {index + 1} / {count}
              </p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
