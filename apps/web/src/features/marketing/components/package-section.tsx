import { CalendarClock, Check, MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { whatsappAlbumUrl } from '../../../config/contact';

const included = [
  'Düğününüze özel tasarlanmış 30 adet QR kodlu masa kartı',
  'Size özel, yalnızca sizin açabildiğiniz dijital albüm',
  'Sınırsız görüntüleme ve tek tıkla tüm albümü indirme',
  'Fotoğraf ve videoların 1 yıl boyunca güvenle saklanması',
];

/** The package offer band: price, what is included and when to book. */
export function PackageSection() {
  return (
    <section
      aria-labelledby="package-title"
      className="bg-gradient-to-br from-brand-900 via-brand-900 to-stone-900 py-16 text-stone-100 sm:py-20"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div className="space-y-4">
          <h2 id="package-title" className="text-3xl font-semibold text-white sm:text-4xl">
            Tek paket, tüm anılar
          </h2>
          <p className="text-stone-300">
            Sürpriz ücret yok. Masa kartlarınız düğününüzden önce elinizde olsun diye{' '}
            <strong className="text-white">1 hafta ile 10 gün önceden</strong> rezervasyon yapmanızı öneririz.
          </p>
          <p className="flex items-center gap-2 text-sm text-gold-400">
            <CalendarClock aria-hidden className="h-4 w-4" /> Hafta sonu düğünleri hızla doluyor.
          </p>
        </div>
        <div className="rounded-3xl bg-white p-7 text-stone-800 shadow-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Dijital Albüm Paketi</p>
          <p className="mt-2 font-display text-5xl font-bold text-stone-900">
            2299 <span className="text-2xl font-semibold">TL</span>
          </p>
          <ul className="my-6 space-y-2.5 text-sm">
            {included.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" /> {item}
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="w-full">
            <a href={whatsappAlbumUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden className="h-5 w-5" /> WhatsApp’tan Bilgi Al
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
