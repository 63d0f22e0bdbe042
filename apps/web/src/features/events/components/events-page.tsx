import { CalendarHeart } from 'lucide-react';

/** Placeholder of the events list until the events issue lands. */
export function EventsPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold text-stone-900">Etkinlikleriniz</h1>
      <div className="mt-8 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-brand-200 bg-white p-10 text-center">
        <CalendarHeart aria-hidden className="h-10 w-10 text-brand-600" />
        <p className="text-lg font-medium text-stone-800">Henüz Etkinliğiniz Yok</p>
      </div>
    </section>
  );
}
