import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Archive, CalendarHeart, Heart, QrCode, Users } from 'lucide-react';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { EventsFailure, eventsUnavailable } from '../../../components/events-failure';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format-date';
import { retentionNote, usePendingDeletion } from '../../../lib/retention';
import { useSession } from '../../../lib/session';
import { eventsQuery, weddingInfoQuery } from '../../../lib/queries';
import { CreateWeddingForm } from './create-wedding-form';
import { AlbumUsage } from '../../../components/album-usage';
import { CoverChooser } from '../../../components/cover-chooser';
import { CoverPicture } from '../../../components/cover-picture';
import { WallActions } from '../../../components/wall-actions';
import { PendingNotice } from './pending-notice';

export function DashboardHomePage() {
  const { user } = useSession();
  const events = useQuery(eventsQuery());
  const pendingDeletion = usePendingDeletion();
  const wedding = useQuery({
    ...weddingInfoQuery(user?.username ?? ''),
    enabled: Boolean(user) && (events.data?.length ?? 0) > 0,
  });
  // An event made on the events page has no wedding yet: the guest pages need one, so offer the form.
  const weddingMissing = wedding.isError && wedding.error instanceof ApiError && wedding.error.status === 404;
  // The latest event by date is the couple's wedding.
  const latest = [...(events.data ?? [])].sort((a, b) => b.eventDate.localeCompare(a.eventDate))[0];
  // The notice below is about the latest event only; items waiting in another one would go unseen.
  const pendingElsewhere = (events.data ?? []).some(
    (e) => e.id !== latest?.id && e.pendingCount > 0 && e.archivedAt === null,
  );
  // The form takes its own button away once the wedding is saved: the keyboard and a screen reader go
  // on at the wedding's title that replaces it, instead of falling to the page's top.
  const titleAfterCreate = useRef(false);
  const weddingTitle = useRef<HTMLHeadingElement>(null);
  const onCreated = () => {
    titleAfterCreate.current = true;
  };
  useEffect(() => {
    if (!titleAfterCreate.current || !latest || weddingMissing) return;
    titleAfterCreate.current = false;
    weddingTitle.current?.focus();
  }, [latest, weddingMissing]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-semibold">Ana Sayfa</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">
        Hoş geldiniz
        {user ? (
          <>
            ,{' '}
            <span data-testid="dashboard-username" className="font-medium">
              {user.username}
            </span>
          </>
        ) : null}
        !
      </p>
      {/* Before the wedding form: a list that could not be read does not mean there is no wedding. */}
      {eventsUnavailable(events) ? (
        <EventsFailure events={events} />
      ) : events.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner />
        </div>
      ) : latest ? (
        <>
          <section aria-label="Düğününüz" className="relative isolate mt-6 overflow-hidden rounded-2xl">
            {/* At most the page's max-w-5xl less its gutter; the full width less the gutter below that. */}
            <CoverPicture
              cover={latest.cover}
              sizes="(min-width: 1100px) 976px, calc(100vw - 2rem)"
              priority
              className="absolute inset-0 -z-10 h-full w-full object-cover"
            />
            <div className="absolute inset-0 -z-10 bg-gradient-to-t from-stone-950/90 via-stone-950/65 to-stone-950/50" />
            {/* The cover's height at least, taller when the text needs it (a long title, a full album's
                line): the text is never cut off at the top on a phone. */}
            <div className="flex min-h-64 flex-col justify-end p-6 text-white sm:min-h-80">
              <p className="flex items-center gap-2 text-sm text-brand-100">
                <CalendarHeart aria-hidden className="h-4 w-4" /> {formatLongDate(latest.eventDate)}
              </p>
              <h2
                ref={weddingTitle}
                tabIndex={-1}
                className="mt-1 font-display text-3xl font-semibold outline-none sm:text-4xl"
              >
                {latest.title}
              </h2>
              {latest.description ? (
                <p className="mt-2 max-w-2xl text-stone-200">{latest.description}</p>
              ) : null}
              <p className="mt-3 flex items-start gap-2 text-sm text-stone-200">
                <Archive aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />{' '}
                <span>
                  {retentionNote(latest, pendingDeletion)}
                  {/* The retention sweep mails the owner 30 and 7 days before the files are removed. */}
                  {!pendingDeletion && latest.archivedAt === null ? (
                    <span className="mt-0.5 block text-stone-300">{messages.events.retentionReminder}</span>
                  ) : null}
                  {pendingDeletion ? (
                    <>
                      {' '}
                      <Link to={`${paths.dashboardSettings}#verilerim`} className="font-semibold underline">
                        Silme talebini geri al
                      </Link>
                    </>
                  ) : null}
                </span>
              </p>
              <AlbumUsage event={latest} className="mt-4 max-w-md text-stone-100" />
            </div>
          </section>
          {latest.pendingCount > 0 && latest.archivedAt === null ? (
            // Items wait until the host approves them (even after approval went back to automatic:
            // decision 0100), so the home page says how many and leads to them.
            <PendingNotice
              primary
              to="/dashboard/qr/manage?view=pending"
              action={messages.approval.pendingTitle}
            >
              {formatMessage(messages.events.pendingWaiting, {
                n: latest.pendingCount.toLocaleString('tr-TR'),
              })}
            </PendingNotice>
          ) : null}
          {pendingElsewhere ? (
            <PendingNotice to={paths.events} action={messages.events.pendingElsewhereLink}>
              {messages.events.pendingElsewhere}
            </PendingNotice>
          ) : null}
          {weddingMissing ? (
            <section className="mt-6 rounded-2xl border border-amber-500/30 bg-amber-500/5 p-6">
              <h2 className="font-display text-2xl font-semibold">Düğün bilgilerinizi tamamlayın</h2>
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
                Davetli listesi ve WhatsApp davetiyeleri için düğün bilgileriniz gerekiyor.
              </p>
              <div className="mt-5">
                <CreateWeddingForm event={latest} onCreated={onCreated} />
              </div>
            </section>
          ) : null}
          <div className="mt-6 grid gap-4 sm:grid-cols-3">
            {[
              {
                to: '/dashboard/guests/add',
                icon: <Users aria-hidden className="h-5 w-5" />,
                title: 'Davetli Ekle',
                text: 'Davetlilerinizi ekleyin ve listeyi onaylayın.',
              },
              {
                to: '/dashboard/guests/list',
                icon: <Heart aria-hidden className="h-5 w-5" />,
                title: 'Davetli Listesi',
                text: 'Katılım durumlarını takip edin.',
              },
              {
                to: '/dashboard/qr/create',
                icon: <QrCode aria-hidden className="h-5 w-5" />,
                title: 'Dijital Albüm',
                text: 'QR kodunuzu ve masa kartlarınızı hazırlayın.',
              },
            ].map((c) => (
              <Link
                key={c.to}
                to={c.to}
                className="rounded-xl border border-stone-200 bg-white p-5 transition-colors hover:border-brand-400 dark:border-stone-800 dark:bg-stone-900"
              >
                <span className="text-brand-500">{c.icon}</span>
                <p className="mt-2 font-semibold">{c.title}</p>
                <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{c.text}</p>
              </Link>
            ))}
          </div>
          <CoverChooser
            event={latest}
            className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6 dark:border-stone-800 dark:bg-stone-900"
          />
          {latest.archivedAt === null ? (
            <section className="mt-4 flex flex-wrap items-center justify-between gap-4 rounded-xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
              <div className="min-w-0">
                <h2 className="font-semibold">{messages.wall.action}</h2>
                <p className="mt-1 max-w-xl text-sm text-stone-600 dark:text-stone-400">
                  {messages.wall.dialogText}
                </p>
              </div>
              <WallActions eventId={latest.id} variant="default" />
            </section>
          ) : null}
        </>
      ) : (
        <section className="mt-6 rounded-2xl border border-brand-300/40 bg-gradient-to-br from-brand-900/30 via-white to-white p-6 sm:p-8 dark:via-stone-900 dark:to-stone-950">
          <h2 className="font-display text-2xl font-semibold">Düğününüzü oluşturalım</h2>
          <p className="mt-2 max-w-2xl text-stone-600 dark:text-stone-300">
            Etkinliğinizi oluşturduğunuzda dijital albüm, QR kodlu masa kartları, davetli listesi ve WhatsApp
            davetiyeleri bu panelde sizi bekliyor olacak.
          </p>
          <div className="mt-6">
            <CreateWeddingForm onCreated={onCreated} />
          </div>
        </section>
      )}
    </div>
  );
}
