import { Download, KeyRound, QrCode, Smartphone } from 'lucide-react';
import { steps } from '../content';

const icons = [QrCode, KeyRound, Smartphone, Download];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-20 bg-cream-50 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="how-title" className="text-3xl font-semibold text-stone-900 sm:text-4xl">
            Nasıl Çalışıyoruz?
          </h2>
          <p className="mt-3 text-stone-600">Dört adımda, düğününüzün tüm anıları tek bir yerde.</p>
        </div>
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, i) => {
            const Icon = icons[i]!;
            return (
              <li
                key={step.title}
                className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200/70"
              >
                {/* The <ol> already tells screen readers the order; the big number repeats it for the eye only.
                    brand-500 is the palest brand shade with 3:1 on white at this size (brand-100 was 1.2:1). */}
                <span
                  aria-hidden="true"
                  className="absolute top-5 right-5 font-display text-4xl font-bold text-brand-500"
                >
                  {i + 1}
                </span>
                <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon aria-hidden className="h-6 w-6" />
                </span>
                <h3 className="mb-2 font-sans text-lg font-semibold text-stone-900">{step.title}</h3>
                <p className="text-sm leading-relaxed text-stone-600">{step.text}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
