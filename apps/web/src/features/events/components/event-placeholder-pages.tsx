import { useParams } from 'react-router';

/** Album and upload pages arrive with their issues; the routes exist now so links resolve. */
export function EventAlbumPage() {
  const { eventId } = useParams();
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-semibold text-stone-900">Albüm</h1>
      <p className="mt-3 text-stone-600">Etkinlik albümü hazırlanıyor. ({eventId})</p>
    </section>
  );
}

export function UploadPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-semibold text-stone-900">Fotoğraf Yükle</h1>
      <p className="mt-3 text-stone-600">Yükleme sayfası hazırlanıyor.</p>
    </section>
  );
}
