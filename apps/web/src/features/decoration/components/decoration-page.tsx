import { useState } from 'react';
import { Check, MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { contact } from '../../../config/contact';
import { cn } from '../../../lib/cn';

// A static catalogue like the music page: no server calls; the choice goes to the provider on WhatsApp.
const options = [
  { id: 'classic-white', title: 'Klasik Beyaz', text: 'Beyaz güller, tül ve kurdele ile zamansız gelin arabası.', colors: ['#ffffff', '#f3efe7', '#d9d2c3'] },
  { id: 'blush', title: 'Pudra Romantik', text: 'Pudra pembe güller, okaliptüs ve saten kurdeleler.', colors: ['#fbd3dc', '#f3a6b7', '#9cb8a0'] },
  { id: 'gold', title: 'Altın Zarafet', text: 'Krem güller, altın yapraklar ve ince ışık zincirleri.', colors: ['#f7e7c6', '#d9b26a', '#8a6a2c'] },
  { id: 'garden', title: 'Kır Bahçesi', text: 'Papatyalar, kır çiçekleri ve yeşil sarmaşıklar.', colors: ['#fff7d6', '#f2c14e', '#5f8f4e'] },
  { id: 'red', title: 'Kırmızı Tutku', text: 'Kırmızı güller ve bordo kurdelelerle cesur bir seçim.', colors: ['#c1121f', '#780000', '#f3e9e2'] },
  { id: 'minimal', title: 'Modern Minimal', text: 'Tek çiçek aranjmanı ve "Just Married" plakası.', colors: ['#ffffff', '#111111', '#c8c8c8'] },
];

function CarArt({ colors }: { colors: string[] }) {
  const [a, b, c] = colors;
  return (
    <svg viewBox="0 0 280 160" className="h-40 w-full" aria-hidden>
      <rect width="280" height="160" fill="#1c1917" />
      <circle cx="230" cy="30" r="14" fill="#fde68a" opacity=".8" />
      <path d="M30 112 L50 82 Q60 70 80 68 L190 68 Q210 70 222 84 L246 104 Q252 112 252 120 L252 126 L28 126 L28 118 Z" fill="#e7e5e4" />
      <path d="M66 84 L84 72 L140 72 L140 88 Z M146 72 L196 72 L214 88 L146 88 Z" fill="#57534e" />
      <circle cx="80" cy="128" r="15" fill="#292524" /><circle cx="80" cy="128" r="6" fill="#a8a29e" />
      <circle cx="206" cy="128" r="15" fill="#292524" /><circle cx="206" cy="128" r="6" fill="#a8a29e" />
      <path d="M40 96 Q140 118 246 102" stroke={b} strokeWidth="3" fill="none" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i} transform={`translate(${112 + i * 12} ${60 + (i % 2) * 3})`}>
          <circle r="7" fill={i % 2 ? b : a} stroke={c} strokeWidth="1" />
          <circle r="2.5" fill={c} />
        </g>
      ))}
      <path d="M246 104 l14 18 M246 104 l6 22" stroke={b} strokeWidth="2" />
    </svg>
  );
}

export function DecorationPage() {
  const [chosen, setChosen] = useState<string | null>(null);
  const option = options.find((o) => o.id === chosen);
  const message = option ? `Merhaba, düğünümüz için "${option.title}" araç süsleme seçeneğini istiyoruz.` : '';
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display text-3xl font-semibold">Araç Süsleme</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">Gelin arabanız için hazırladığımız süsleme seçeneklerinden birini seçin, bize WhatsApp'tan iletin.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" role="radiogroup" aria-label="Süsleme seçenekleri">
        {options.map((o) => (
          <button key={o.id} type="button" role="radio" aria-checked={chosen === o.id} onClick={() => setChosen(o.id)}
            className={cn('cursor-pointer overflow-hidden rounded-xl border-2 bg-white text-left dark:bg-stone-900', chosen === o.id ? 'border-brand-500' : 'border-transparent hover:border-stone-300 dark:hover:border-stone-700')}>
            <CarArt colors={o.colors} />
            <span className="flex items-start justify-between gap-2 p-4">
              <span>
                <span className="block font-semibold">{o.title}</span>
                <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">{o.text}</span>
              </span>
              {chosen === o.id ? <Check aria-hidden className="h-5 w-5 shrink-0 text-brand-500" /> : null}
            </span>
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-800">
        <p className="flex-1 text-sm">{option ? <>Seçiminiz: <strong>{option.title}</strong></> : 'Henüz bir seçenek seçmediniz.'}</p>
        <Button asChild={Boolean(option)} disabled={!option}>
          {option ? (
            <a href={`https://wa.me/${contact.whatsappNumber}?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden className="h-4 w-4" /> Seçimimi WhatsApp ile Gönder
            </a>
          ) : (
            <span><MessageCircle aria-hidden className="h-4 w-4" /> Seçimimi WhatsApp ile Gönder</span>
          )}
        </Button>
      </div>
    </div>
  );
}
