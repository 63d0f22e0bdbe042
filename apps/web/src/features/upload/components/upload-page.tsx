import { Suspense, useCallback, useEffect, useState } from 'react';
import { Lock, RefreshCw } from 'lucide-react';
import { eventTexts, genericTexts, myUploadsTexts, uploadTexts } from '../texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useEventInfo } from '../api/get-event-info';
import { readGuestToken } from '../guest-token';
import { EventHero } from './event-hero';
import { OutcomeBox } from './outcome-box';
import { LoadFailedAlert, PartBoundary, useRetryablePart } from './retryable-part';
import { SummaryAlerts } from './summary-alerts';
import { UploadForm } from './upload-form';
import type { UploadSummary } from '../use-resumable-upload';

// Only for a phone that has uploaded here before; not part of what the picker waits for.
const loadMyUploads = () => import('./my-uploads').then((m) => ({ default: m.MyUploads }));

function Notice({
  title,
  children,
  onRefresh,
}: {
  title: string;
  children?: string;
  onRefresh?: () => void;
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-semibold text-stone-900">{title}</h1>
      {children ? <p className="mt-3 text-stone-600">{children}</p> : null}
      {onRefresh ? (
        <Button className="mt-6 min-h-11" variant="outline" onClick={onRefresh}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          Sayfayı Yenile
        </Button>
      ) : null}
    </section>
  );
}

function ClosedNotice() {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-8 text-center" role="status">
      <Lock aria-hidden className="mx-auto h-10 w-10 text-stone-500" />
      <h2 className="mt-3 font-display text-2xl font-semibold text-stone-900">{uploadTexts.closedTitle}</h2>
      <p className="mt-2 text-stone-600">
        Bu etkinliğe şu anda fotoğraf eklenemiyor. Lütfen etkinlik sahibiyle iletişime geçin.
      </p>
    </div>
  );
}

/**
 * /events/{eventId}/{title}/upload-image-page — what a guest sees after scanning the table card's QR code.
 * It stands on its own (no site header or footer, no router), because it is also started by itself
 * (src/upload-main.tsx, with Preact) to stay light on a phone.
 */
export function UploadPage({ eventId, earlyInfo }: { eventId: string; earlyInfo?: Promise<Response> }) {
  return (
    // guest-page: the phone's own faces instead of the site's web fonts (styles.css).
    <div className="guest-page flex min-h-dvh flex-col bg-cream-50">
      <main id="main" className="flex-1">
        {eventId ? (
          <UploadPageContent eventId={eventId} earlyInfo={earlyInfo} />
        ) : (
          <Notice title={uploadTexts.eventIdMissing} />
        )}
      </main>
      <footer className="px-4 py-6 text-center text-sm text-stone-600">
        <a href="/" className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
          Anı Kutusu — Dijital Düğün Albümü
        </a>
      </footer>
    </div>
  );
}

function UploadPageContent({ eventId, earlyInfo }: { eventId: string; earlyInfo?: Promise<Response> }) {
  const { state, refresh } = useEventInfo(eventId, earlyInfo);
  const [token, setToken] = useState(() => readGuestToken(eventId));
  const [uploadsRound, setUploadsRound] = useState(0);
  // "Yüklediklerim" loads its code once there is something to show; a failed load offers a retry.
  const myUploads = useRetryablePart(loadMyUploads);
  // Uploads were open on this page: if they close while the guest is here (an upload refused with 403
  // reads the event again), the notice that replaces the form takes the keyboard's focus, as any
  // outcome of an upload does. A page that opens already closed leaves the focus alone.
  const open = state.status === 'success' && state.info.canAddPhotos === true;
  const [seenOpen, setSeenOpen] = useState(open);
  if (open && !seenOpen) setSeenOpen(true);
  // The tab, the phone's app switcher and a bookmark name the wedding, not the service.
  const title = state.status === 'success' ? state.info.title : null;
  useEffect(() => {
    if (title) document.title = `${title} · Anı Kutusu`;
  }, [title]);
  // The last upload's outcome outlives the form: when uploads close while files were going (the rest
  // refused), the notice that replaces the form says which files did not get in.
  const [lastSummary, setLastSummary] = useState<UploadSummary | null>(null);
  const onUploaded = useCallback(
    (summary?: UploadSummary) => {
      setLastSummary(summary ?? null);
      refresh();
      setToken(readGuestToken(eventId));
      setUploadsRound((n) => n + 1);
    },
    [eventId, refresh],
  );

  if (state.status === 'pending') {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner label="Yükleniyor" size={8} />
      </div>
    );
  }
  if (state.status === 'error') {
    return state.error.kind === 'missing' ? (
      <Notice title={state.error.message || eventTexts.notFound}>
        Bağlantıyı kontrol edin ya da etkinlik sahibine danışın.
      </Notice>
    ) : (
      <Notice title={genericTexts.error} onRefresh={refresh}>
        {eventTexts.infoFailed}
      </Notice>
    );
  }

  const info = state.info;
  return (
    <div className="pb-10">
      <EventHero info={info} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 pt-6 sm:px-6">
        {info.canAddPhotos === undefined ? (
          <Alert tone="info" title="Etkinlik Bilgisi Alınamadı">
            <p>Yükleme durumunu öğrenemedik. Lütfen sayfayı yenileyin.</p>
            <Button className="mt-3 min-h-11" size="sm" variant="outline" onClick={refresh}>
              <RefreshCw aria-hidden className="h-4 w-4" />
              Sayfayı Yenile
            </Button>
          </Alert>
        ) : info.canAddPhotos ? (
          <section>
            <p className="mb-5 text-stone-700">
              Bu güzel günden çektiğiniz fotoğraf ve videoları paylaşın;{' '}
              {info.autoApprovePhotos
                ? 'çift hepsini albümünde görecek.'
                : 'çift onayladıklarını albümüne ekleyecek.'}
            </p>
            <UploadForm eventId={eventId} onUploaded={onUploaded} approvedFirst={!info.autoApprovePhotos} />
          </section>
        ) : seenOpen ? (
          <OutcomeBox testId="uploads-closed">
            <ClosedNotice />
            {lastSummary ? (
              <div className="mt-4 space-y-3">
                <SummaryAlerts summary={lastSummary} approvedFirst={!info.autoApprovePhotos} />
              </div>
            ) : null}
          </OutcomeBox>
        ) : (
          <ClosedNotice />
        )}
        {token ? (
          <PartBoundary
            key={myUploads.attempt}
            fallback={
              <section aria-labelledby="my-uploads-unloaded" className="space-y-4">
                <h2 id="my-uploads-unloaded" className="font-display text-2xl font-semibold text-stone-900">
                  {myUploadsTexts.title}
                </h2>
                <LoadFailedAlert onRetry={myUploads.retry} />
              </section>
            }
          >
            <Suspense fallback={null}>
              <myUploads.Part eventId={eventId} token={token} round={uploadsRound} onDeleted={refresh} />
            </Suspense>
          </PartBoundary>
        ) : null}
      </div>
    </div>
  );
}
