import type { StatisticsResponse } from '@ani/contract/guests';
import { CheckCircle2, CircleHelp, PhoneOff, XCircle } from 'lucide-react';

/** "Katılacak Kişi" counts people (the server sums guestCount); the other three count guests (docs/decisions/0030). */
export function StatCards({ stats }: { stats: StatisticsResponse | undefined }) {
  const cards = [
    {
      label: 'Katılacak Kişi',
      value: stats?.katılacak,
      icon: <CheckCircle2 aria-hidden className="h-5 w-5 text-emerald-500" />,
    },
    {
      label: 'Katılamayacaklar',
      value: stats?.katılamayacak,
      icon: <XCircle aria-hidden className="h-5 w-5 text-red-500" />,
    },
    {
      label: 'Belirsiz Davetliler',
      value: stats?.belirsiz,
      icon: <CircleHelp aria-hidden className="h-5 w-5 text-amber-500" />,
    },
    {
      label: 'Ulaşılamayan Davetliler',
      value: stats?.ulaşılamadı,
      icon: <PhoneOff aria-hidden className="h-5 w-5 text-stone-400" />,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((c) => (
        <div
          key={c.label}
          data-testid={`stat-${c.label}`}
          className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-medium text-stone-600 sm:text-sm dark:text-stone-400">{c.label}</p>
            {c.icon}
          </div>
          <p className="mt-2 text-3xl font-semibold tabular-nums">{c.value ?? '–'}</p>
        </div>
      ))}
    </div>
  );
}
