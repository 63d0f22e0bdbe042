import { useState } from 'react';
import { Heart, MessageCircle, UserRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { whatsappAlbumUrl } from '../../../config/contact';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/cn';
import { art } from '../content';
import { ArtPicture } from './art-picture';

type Category = 'all' | 'couple' | 'ceremony' | 'party';

const filters: { id: Category; label: string }[] = [
  { id: 'all', label: 'Tüm Fotoğraflar' },
  { id: 'couple', label: 'Gelin & Damat' },
  { id: 'ceremony', label: 'Törenler' },
  { id: 'party', label: 'Parti' },
];

// The static sample gallery: six hard-coded samples, no server calls.
const samples = [
  {
    id: 1,
    category: 'couple',
    title: 'Gün Batımında Elif & Can',
    image: art.sunsetCouple,
    likes: 128,
    description: 'Kapadokya’da altın saatte çekilen ilk kare.',
    addedBy: 'Zeynep K.',
    note: 'Bu ışık bir daha gelmez!',
  },
  {
    id: 2,
    category: 'ceremony',
    title: 'Bahçede Nikâh',
    image: art.garden,
    likes: 96,
    description: 'Çiçek kemerin altında evet dedikleri an.',
    addedBy: 'Ayten Hanım',
    note: 'Bir yastıkta kocayın.',
  },
  {
    id: 3,
    category: 'party',
    title: 'İlk Dans',
    image: art.firstDance,
    likes: 154,
    description: 'Işıklar altında, yalnızca ikisi.',
    addedBy: 'Selin T.',
    note: 'Tüylerim diken diken oldu.',
  },
  {
    id: 4,
    category: 'ceremony',
    title: 'Yüzük Töreni',
    image: art.rings,
    likes: 87,
    description: 'Sağdıcın titreyen ellerinden yüzükler.',
    addedBy: 'Mert A.',
    note: 'Düşürmedim, kanıtı burada.',
  },
  {
    id: 5,
    category: 'party',
    title: 'Pasta Kesimi',
    image: art.cake,
    likes: 73,
    description: 'Üç katlı, gül süslemeli düğün pastası.',
    addedBy: 'Burak Y.',
    note: 'En tatlı an.',
  },
  {
    id: 6,
    category: 'couple',
    title: 'Konfeti Çıkışı',
    image: art.confetti,
    likes: 112,
    description: 'Salondan çıkışta konfeti yağmuru.',
    addedBy: 'Oğuz T.',
    note: 'Mutluluk havada!',
  },
] as const;

export function GalleryPage() {
  const [filter, setFilter] = useState<Category>('all');
  const shown = samples.filter((s) => filter === 'all' || s.category === filter);
  return (
    <div className="bg-cream-50">
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto mb-8 max-w-2xl text-center">
          <h1 className="text-4xl font-semibold text-stone-900 sm:text-5xl">Düğün Galerimiz</h1>
          <p className="mt-3 text-stone-600">
            Çiftlerimizin izniyle paylaştığımız, misafirlerin gözünden örnek kareler.
          </p>
        </div>
        <div
          role="group"
          aria-label="Kategoriye göre filtrele"
          className="mb-8 flex flex-wrap justify-center gap-2"
        >
          {filters.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={filter === f.id}
              onClick={() => setFilter(f.id)}
              className={cn(
                'cursor-pointer rounded-full px-4 py-2 text-sm font-medium ring-1 transition-colors',
                filter === f.id
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-stone-700 ring-stone-200 hover:bg-brand-50',
              )}
            >
              {f.label}
            </button>
          ))}
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((s) => (
            <li key={s.id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
              <ArtPicture
                name={s.image}
                sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                alt={s.title}
                loading="lazy"
                width={800}
                height={600}
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="space-y-2 p-4">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-sans text-lg font-semibold text-stone-900">{s.title}</h2>
                  <span
                    className="flex shrink-0 items-center gap-1 text-sm text-brand-700"
                    aria-label={`${s.likes} beğeni`}
                  >
                    <Heart aria-hidden className="h-4 w-4 fill-brand-500 text-brand-500" /> {s.likes}
                  </span>
                </div>
                <p className="text-sm text-stone-600">{s.description}</p>
                <p className="flex items-center gap-1.5 text-xs text-stone-500">
                  <UserRound aria-hidden className="h-3.5 w-3.5" /> {s.addedBy}: “{s.note}”
                </p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <Button
            variant="outline"
            size="lg"
            onClick={() =>
              toast({
                title: 'Daha Fazla Yükle',
                description: 'Yeni örnek kareler çok yakında burada olacak.',
                variant: 'info',
              })
            }
          >
            Daha Fazla Yükle
          </Button>
        </div>
      </section>
      <section className="bg-brand-800 py-14 text-center text-white">
        <div className="mx-auto max-w-2xl space-y-4 px-4">
          <h2 className="text-3xl font-semibold">Sizin anılarınız da burada olsun</h2>
          <p className="text-brand-100">
            Misafirleriniz QR kodu okutsun, tüm fotoğraf ve videolar albümünüzde toplansın.
          </p>
          <Button asChild size="lg" variant="secondary">
            <a href={whatsappAlbumUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden className="h-5 w-5" /> Albümünü Oluştur
            </a>
          </Button>
        </div>
      </section>
    </div>
  );
}
