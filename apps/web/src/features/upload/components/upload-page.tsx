import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Lock, RefreshCw } from 'lucide-react';
import { eventTexts, uploadTexts } from '../texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { EventInfoError, eventInfoQuery } from '../api/get-event-info';
import { EventHero } from './event-hero';
import { UploadForm } from './upload-form';

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
        <Button className="mt-6" variant="outline" onClick={onRefresh}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          Sayfayı Yenile
        </Button>
      ) : null}
    </section>
  );
}

/** /events/{eventId}/{title}/upload-image-page — what a guest sees after scanning the table card's QR code. */
export function UploadPage() {
  const { eventId = '' } = useParams();
  const query = useQuery({ ...eventInfoQuery(eventId), enabled: eventId !== '' });
  const refresh = () => void query.refetch();

  if (!eventId) return <Notice title={uploadTexts.eventIdMissing} />;
  if (query.isPending) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner label="Yükleniyor" className="h-8 w-8" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof EventInfoError && query.error.kind === 'missing';
    return missing ? (
      <Notice title={query.error.message || eventTexts.notFound}>
        Bağlantıyı kontrol edin ya da etkinlik sahibine danışın.
      </Notice>
    ) : (
      <Notice title="Bir hata oluştu" onRefresh={refresh}>
        {eventTexts.infoFailed}
      </Notice>
    );
  }

  const info = query.data;
  return (
    <div className="bg-cream-50 pb-16">
      <EventHero info={info} />
      <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6">
        {info.canAddPhotos === undefined ? (
          <Alert tone="info" title="Etkinlik Bilgisi Alınamadı">
            <p>Yükleme durumunu öğrenemedik. Lütfen sayfayı yenileyin.</p>
            <Button className="mt-3" size="sm" variant="outline" onClick={refresh}>
              <RefreshCw aria-hidden className="h-4 w-4" />
              Sayfayı Yenile
            </Button>
          </Alert>
        ) : info.canAddPhotos ? (
          <>
            <p className="mb-5 text-stone-700">
              Bu güzel günden çektiğiniz fotoğraf ve videoları paylaşın; çift hepsini albümünde görecek.
            </p>
            <UploadForm eventId={eventId} onUploaded={refresh} />
          </>
        ) : (
          <div className="rounded-2xl border border-stone-200 bg-white p-8 text-center" role="status">
            <Lock aria-hidden className="mx-auto h-10 w-10 text-stone-500" />
            <h2 className="mt-3 font-display text-2xl font-semibold text-stone-900">
              {uploadTexts.closedTitle}
            </h2>
            <p className="mt-2 text-stone-600">
              Bu etkinliğe şu anda fotoğraf eklenemiyor. Lütfen etkinlik sahibiyle iletişime geçin.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
