import { Camera, Heart, Share2 } from 'lucide-react';
import { useHydrated } from '../../../lib/use-hydrated';
import { monthlyShares, stats } from '../content';

const icons = [Heart, Camera, Share2];

// Intl instead of date-fns here: the landing page's first bundle only needs short month names.
const monthName = new Intl.DateTimeFormat('tr-TR', { month: 'short' });

export function StatsSection() {
  // Month names follow the visitor's clock, so they appear once the prerendered page has hydrated.
  const hydrated = useHydrated();
  const now = new Date();
  const months = monthlyShares.map((value, i) => ({
    value,
    label: hydrated
      ? monthName.format(new Date(now.getFullYear(), now.getMonth() - (monthlyShares.length - 1 - i), 1))
      : '\u00a0',
  }));
  const max = Math.max(...monthlyShares);
  return (
    <section aria-labelledby="stats-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div className="space-y-6">
          <h2 id="stats-title" className="text-3xl font-semibold text-stone-900 sm:text-4xl">
            Rakamlarla Anı Kutusu
          </h2>
          <p className="text-stone-600">
            Her hafta yeni çiftler en güzel günlerini misafirlerinin gözünden yeniden yaşıyor.
          </p>
          <dl className="grid grid-cols-3 gap-3">
            {stats.map((s, i) => {
              const Icon = icons[i]!;
              return (
                <div key={s.label} className="rounded-2xl bg-brand-50 p-4 text-center ring-1 ring-brand-100">
                  <Icon aria-hidden className="mx-auto mb-2 h-5 w-5 text-brand-600" />
                  <dd className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">{s.value}</dd>
                  <dt className="mt-1 text-xs text-stone-600 sm:text-sm">{s.label}</dt>
                </div>
              );
            })}
          </dl>
        </div>
        {/* The month names need the app: on screen, they start the landing page's app (start-on-demand.ts). */}
        <figure data-needs-app className="rounded-2xl bg-cream-100 p-5 ring-1 ring-cream-200 sm:p-6">
          <figcaption className="mb-4 flex items-baseline justify-between gap-2">
            <span className="font-semibold text-stone-900">Son 6 Ayda Paylaşılan Anılar</span>
            <span className="text-xs text-stone-500">aylık paylaşım sayısı</span>
          </figcaption>
          <ol className="flex h-52 items-end gap-2 sm:gap-4" aria-label="Son 6 ayda aylık anı paylaşımları">
            {months.map((m, i) => (
              <li key={i} className="flex h-full flex-1 flex-col items-center justify-end gap-2">
                <span className="text-xs font-semibold text-stone-700">{m.value}</span>
                <div
                  className="w-full rounded-t-lg bg-gradient-to-t from-brand-700 to-brand-400"
                  style={{ height: `${(m.value / max) * 75}%` }}
                />
                <span className="text-xs text-stone-600 capitalize">{m.label}</span>
              </li>
            ))}
          </ol>
        </figure>
      </div>
    </section>
  );
}
