import { useQuery } from '@tanstack/react-query';
import { CalendarHeart, RefreshCw } from 'lucide-react';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { eventsQuery } from '../../../lib/queries';
import { CreateEventDialog } from './create-event-dialog';
import { EventCard } from './event-card';

/** /events — "Etkinlikleriniz": the host's events as cards. */
export function EventsPage() {
  const events = useQuery(eventsQuery());

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-stone-900">Etkinlikleriniz</h1>
        <CreateEventDialog />
      </div>
      <div className="mt-6 space-y-4">
        {events.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Yükleniyor" size={8} />
          </div>
        ) : events.isError ? (
          <div
            className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-800"
            role="alert"
          >
            <p>{messages.events.listFailed}</p>
            <Button className="mt-4" variant="outline" onClick={() => void events.refetch()}>
              <RefreshCw aria-hidden className="h-4 w-4" />
              Tekrar Dene
            </Button>
          </div>
        ) : events.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-brand-200 bg-white p-10 text-center">
            <CalendarHeart aria-hidden className="h-10 w-10 text-brand-600" />
            <p className="text-lg font-medium text-stone-800">Henüz Etkinliğiniz Yok</p>
            <p className="text-sm text-stone-600">
              İlk etkinliğinizi oluşturun, QR kodunu paylaşın; misafirleriniz anılarını yüklesin.
            </p>
            <CreateEventDialog triggerLabel="Etkinlik Oluştur" />
          </div>
        ) : (
          events.data.map((event, index) => (
            <EventCard key={event.id} event={event} defaultOpen={index === 0 && events.data.length === 1} />
          ))
        )}
      </div>
    </section>
  );
}
