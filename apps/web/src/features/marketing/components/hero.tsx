import { useState } from 'react';
import { MessageCircle, PlayCircle, QrCode, ShieldCheck, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { whatsappAlbumUrl } from '../../../config/contact';
import { GalleryPhone, UploadPhone } from './phone-mockups';
import { VideoModal } from './video-modal';

export function Hero() {
  const [videoOpen, setVideoOpen] = useState(false);
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-cream-50 to-cream-50"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 -left-24 h-80 w-80 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute top-40 -right-20 h-72 w-72 rounded-full bg-gold-400/25 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-2">
        <div className="space-y-6 text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
            <Sparkles aria-hidden className="h-4 w-4 text-gold-500" /> QR kodlu dijital düğün albümü
          </p>
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-semibold text-stone-900 sm:text-5xl lg:text-6xl"
          >
            Anılarınız ve dilekleriniz <span className="text-brand-700">sonsuza dek</span> sizinle kalsın
          </h1>
          <p className="mx-auto max-w-xl text-lg text-stone-600 lg:mx-0">
            Misafirleriniz masadaki QR kodu okutsun; çektikleri her fotoğraf, video ve yazdıkları her not tek
            bir albümde toplansın. Uygulama yok, üyelik yok.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <a href={whatsappAlbumUrl} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden className="h-5 w-5" />
                Albümünü Oluştur
              </a>
            </Button>
            <Button variant="outline" size="lg" onClick={() => setVideoOpen(true)}>
              <PlayCircle aria-hidden className="h-5 w-5" />
              Nasıl Çalışır?
            </Button>
          </div>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-stone-600 lg:justify-start">
            <li className="flex items-center gap-1.5">
              <QrCode aria-hidden className="h-4 w-4 text-brand-600" /> 30 QR kodlu masa kartı
            </li>
            <li className="flex items-center gap-1.5">
              <ShieldCheck aria-hidden className="h-4 w-4 text-brand-600" /> 1 yıl güvenli saklama
            </li>
          </ul>
        </div>
        {/* Both phones on every width; scaled down on small screens so they fit side by side. */}
        <div
          aria-hidden
          className="relative -my-12 flex origin-center scale-[0.78] justify-center sm:my-0 sm:scale-100"
        >
          <UploadPhone className="relative z-10 translate-x-3 -rotate-6" />
          <GalleryPhone className="-ml-8 translate-y-10 rotate-6" />
        </div>
      </div>
      <VideoModal open={videoOpen} onOpenChange={setVideoOpen} />
    </section>
  );
}
