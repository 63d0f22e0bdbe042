import { MessageSquareQuote, UserRound } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { moments } from '../content';
import { ArtPicture } from './art-picture';

/** Nine sample moments; below 768 px only the first three. Hover or focus reveals the note. */
export function MomentsSection() {
  return (
    <section aria-labelledby="moments-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="moments-title" className="text-3xl font-semibold text-stone-900 sm:text-4xl">
            Yakalanan Muhteşem Anlar
          </h2>
          <p className="mt-3 text-stone-600">Misafirlerin gözünden, notlarıyla birlikte.</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {moments.map((m, i) => (
            <li key={m.title} data-testid="moment-card" className={cn(i >= 3 && 'hidden md:block')}>
              <figure
                tabIndex={0}
                className="group relative aspect-[4/3] overflow-hidden rounded-2xl shadow-sm ring-1 ring-stone-200 outline-none focus-visible:ring-4 focus-visible:ring-brand-300"
              >
                <ArtPicture
                  name={m.image}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  alt={m.title}
                  loading="lazy"
                  width={800}
                  height={600}
                  className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 group-focus:scale-105"
                />
                <figcaption className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/20 to-transparent p-4 text-white opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus:opacity-100">
                  <p className="flex items-center gap-1.5 text-sm font-semibold">
                    <UserRound aria-hidden className="h-4 w-4" /> {m.uploader}
                  </p>
                  <p className="mt-1 flex items-start gap-1.5 text-sm">
                    <MessageSquareQuote aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {m.note}
                  </p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
