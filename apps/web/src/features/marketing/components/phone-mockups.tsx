import { Heart, ImagePlus } from 'lucide-react';
import { art } from '../content';
import { ArtPicture } from './art-picture';

function PhoneFrame({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={`relative w-[230px] shrink-0 rounded-[2.2rem] border-[7px] border-stone-900 bg-stone-900 shadow-2xl ${className ?? ''}`}
    >
      <div className="absolute top-1.5 left-1/2 z-10 h-4 w-20 -translate-x-1/2 rounded-full bg-stone-900" />
      <div className="h-[440px] overflow-hidden rounded-[1.7rem] bg-white text-left">{children}</div>
    </div>
  );
}

/**
 * The guest's upload screen as the hero shows it. Decorative: aria-hidden, and
 * its pictures load at low priority so the heading and fonts come first.
 */
export function UploadPhone({ className }: { className?: string }) {
  return (
    <PhoneFrame className={className}>
      <div className="relative h-24">
        <ArtPicture
          name={art.garden}
          sizes="216px"
          alt=""
          fetchPriority="low"
          className="h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-black/60 to-transparent" />
        <div className="absolute bottom-2 left-3 text-white">
          <p className="font-display text-sm font-semibold">Elif & Can’ın Düğünü</p>
          <p className="text-[10px] opacity-90">14 Haziran 2026</p>
        </div>
      </div>
      <div className="space-y-2.5 p-3">
        <div className="flex flex-col items-center gap-1 rounded-xl border-2 border-dashed border-brand-200 bg-brand-50 px-2 py-4 text-center">
          <ImagePlus className="h-6 w-6 text-brand-600" />
          <p className="text-[11px] font-medium text-stone-700">Fotoğraf ve videoları sürükleyin</p>
          <p className="text-[10px] text-stone-600">veya seçmek için dokunun</p>
        </div>
        <div className="grid grid-cols-3 gap-1">
          {[art.rings, art.bouquet, art.cake].map((src) => (
            <ArtPicture
              key={src}
              name={src}
              sizes="70px"
              alt=""
              fetchPriority="low"
              className="aspect-square rounded-md object-cover"
            />
          ))}
        </div>
        <div>
          <p className="mb-0.5 text-[10px] font-medium text-stone-700">İsminiz *</p>
          <div className="rounded-md border border-stone-300 px-2 py-1 text-[11px] text-stone-800">
            Zeynep Kaya
          </div>
        </div>
        <div>
          <p className="mb-0.5 text-[10px] font-medium text-stone-700">Not (İsteğe bağlı)</p>
          <div className="h-9 rounded-md border border-stone-300 px-2 py-1 text-[10px] leading-tight text-stone-600">
            Mutluluğunuz daim olsun!
          </div>
        </div>
        <div className="rounded-lg bg-brand-700 py-1.5 text-center text-[12px] font-semibold text-white">
          Yükle
        </div>
      </div>
    </PhoneFrame>
  );
}

const galleryItems = [
  { src: art.firstDance, name: 'Selin T.', note: 'Bir ömür mutluluk!' },
  { src: art.sunsetCouple, name: 'Zeynep K.', note: 'Çok yakıştınız' },
  { src: art.champagne, name: 'Deniz', note: 'Şerefe!' },
  { src: art.confetti, name: 'Oğuz T.', note: 'Harika bir gündü' },
];

/** The couple's album screen: counter, grid with uploader, note and heart. Decorative: aria-hidden. */
export function GalleryPhone({ className }: { className?: string }) {
  return (
    <PhoneFrame className={className}>
      <div className="bg-gradient-to-br from-brand-700 to-brand-900 px-3 pt-6 pb-3 text-white">
        <p className="font-display text-sm font-semibold">Elif & Can</p>
        <p className="text-[11px] opacity-90">176 Fotoğraf & Video</p>
      </div>
      <div className="grid grid-cols-2 gap-1.5 p-2">
        {galleryItems.map((item) => (
          <div
            key={item.src}
            className="overflow-hidden rounded-lg border border-stone-100 bg-white shadow-sm"
          >
            <ArtPicture
              name={item.src}
              sizes="100px"
              alt=""
              fetchPriority="low"
              className="aspect-square w-full object-cover"
            />
            <div className="flex items-start justify-between gap-1 p-1.5">
              <div className="min-w-0">
                <p className="truncate text-[10px] font-semibold text-stone-800">{item.name}</p>
                <p className="truncate text-[9px] text-stone-600">{item.note}</p>
              </div>
              <Heart className="h-3 w-3 shrink-0 fill-brand-500 text-brand-500" />
            </div>
          </div>
        ))}
      </div>
    </PhoneFrame>
  );
}
