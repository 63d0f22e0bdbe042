import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { QRCodeCanvas } from 'qrcode.react';
import type { Event } from '@ani/contract/events';
import { CalendarX2, Printer } from 'lucide-react';
import { EventsFailure, eventsUnavailable } from '../../../components/events-failure';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatLongDate } from '../../../lib/format-date';
import { eventsQuery, weddingInfoQuery } from '../../../lib/queries';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { uploadLink } from '../../../lib/upload-link';
import { useChosenTheme } from '../chosen-theme';
import type { CardLayout } from '../card-pdf';
import { CardPreview } from './card-preview';
import { QrCard } from './qr-card';
import { ThemesCarousel } from './themes-carousel';
import { saveBlob } from '../../../lib/save-file';

/** The settings card belongs to the events feature; the app passes it in. */
export function QrSettingsPage({ renderSettings }: { renderSettings: (event: Event) => ReactNode }) {
  const events = useQuery(eventsQuery());
  const event = events.data?.[0];
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-semibold">Dijital Albüm Ayarları</h1>
      {/* Before "no event": a list that could not be read says nothing about the album. */}
      {eventsUnavailable(events) ? (
        <EventsFailure events={events} />
      ) : events.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : event ? (
        <QrSettingsBody event={event} renderSettings={renderSettings} />
      ) : (
        <div className="mx-auto max-w-md rounded-2xl border border-stone-200 p-8 text-center dark:border-stone-800">
          <CalendarX2 aria-hidden className="mx-auto h-10 w-10 text-stone-400" />
          <h2 className="mt-3 font-display text-2xl font-semibold">Henüz Etkinlik Yok</h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            QR kodunuzu hazırlamak için önce etkinliğinizi oluşturun.
          </p>
          <Button asChild className="mt-5">
            <Link to="/dashboard">Etkinlik Oluştur</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function QrSettingsBody({
  event,
  renderSettings,
}: {
  event: Event;
  renderSettings: (event: Event) => ReactNode;
}) {
  const { user } = useSession();
  const wedding = useQuery({ ...weddingInfoQuery(user?.username ?? ''), enabled: Boolean(user) });
  const [theme, chooseTheme] = useChosenTheme(event);
  const [layout, setLayout] = useState<CardLayout>('a4');
  const [printing, setPrinting] = useState(false);
  const printQr = useRef<HTMLCanvasElement>(null);
  const link = uploadLink(window.location.origin, event);
  const names = wedding.data ? `${wedding.data.brideName} & ${wedding.data.groomName}` : event.title;
  const date = formatLongDate(wedding.data ? `${wedding.data.weddingDate}T12:00:00.000Z` : event.eventDate);

  const print = async () => {
    if (!printQr.current) return;
    setPrinting(true);
    try {
      const { buildCardsPdf } = await import('../card-pdf');
      const bytes = await buildCardsPdf({ theme, qr: printQr.current, names, date, link }, layout);
      const pdf = new Blob([bytes as BlobPart], { type: 'application/pdf' });
      const url = URL.createObjectURL(pdf);
      // Opened in a new tab, where the browser's viewer prints it; blocked pop-ups fall back to a download.
      if (window.open(url, '_blank')) setTimeout(() => URL.revokeObjectURL(url), 60_000);
      else {
        URL.revokeObjectURL(url);
        saveBlob(pdf, 'masa-kartlari.pdf');
      }
    } catch {
      toast({ title: 'Hata', description: 'Kartlar hazırlanırken bir hata oluştu.', variant: 'destructive' });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section
          aria-label="Etkinlik ayarları"
          className="rounded-2xl border border-stone-200 bg-white p-5 text-stone-900 shadow-sm dark:border-stone-800 dark:bg-stone-900 dark:text-stone-100"
        >
          <h2 className="mb-3 font-display text-xl font-semibold">{event.title}</h2>
          {renderSettings(event)}
        </section>
        <QrCard eventId={event.id} link={link} />
      </div>
      <section aria-labelledby="themes-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="themes-title" className="font-display text-2xl font-semibold">
              Kart Tasarımı
            </h2>
            <p className="text-sm text-stone-600 dark:text-stone-400">
              Masa kartlarınızın tasarımını seçin: <strong data-testid="chosen-theme">{theme.title}</strong>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <label className="text-sm" htmlFor="card-layout">
              Kağıt
            </label>
            <select
              id="card-layout"
              value={layout}
              onChange={(e) => setLayout(e.target.value as CardLayout)}
              className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm dark:border-stone-600 dark:bg-stone-900"
            >
              <option value="a4">A4 (2×2 kart)</option>
              <option value="a6">A6 (tek kart)</option>
            </select>
            <Button onClick={() => void print()} disabled={printing}>
              <Printer aria-hidden className="h-4 w-4" /> {printing ? 'Hazırlanıyor...' : 'Kartları yazdır'}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-6 xl:flex-row xl:items-start">
          <CardPreview theme={theme} names={names} date={date} link={link} />
          <div className="min-w-0 flex-1">
            <ThemesCarousel selectedId={theme.id} onSelect={(t) => chooseTheme(t.id)} />
          </div>
        </div>
      </section>
      <QRCodeCanvas
        ref={printQr}
        value={link}
        size={800}
        level="H"
        marginSize={4}
        className="hidden"
        aria-hidden
      />
    </>
  );
}
