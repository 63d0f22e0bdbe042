import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EventsFailure, eventsUnavailable } from '../../components/events-failure';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { OwnerAlbum } from '../../features/album';
import { eventsQuery } from '../../lib/queries';

/**
 * /dashboard/qr/manage: the first event's album, with the album feature's own grid, lightbox, owner
 * controls, "Albümü İndir" and progress dialog — composed here, not copied.
 */
export function AlbumManageRoute() {
  const events = useQuery(eventsQuery());
  const event = events.data?.[0];
  // Checked before "no event": a list that could not be read says nothing about the album.
  if (eventsUnavailable(events)) return <EventsFailure events={events} className="mt-10" />;
  if (events.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Yükleniyor" />
      </div>
    );
  }
  if (!event) {
    return (
      <div className="mx-auto mt-10 max-w-md rounded-2xl border border-stone-200 p-8 text-center dark:border-stone-800">
        <h1 className="font-display text-2xl font-semibold">Henüz Etkinlik Yok</h1>
        <Button asChild className="mt-5">
          <Link to="/dashboard">Etkinlik Oluştur</Link>
        </Button>
      </div>
    );
  }
  // The album's own dark variants follow the dashboard's theme: no light island inside the dark shell.
  return <OwnerAlbum eventId={event.id} event={event} />;
}
