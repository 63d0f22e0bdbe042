import { useState } from 'react';
import { Check, MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { contact } from '../../../config/contact';
import { cn } from '../../../lib/cn';

// A static catalogue like the music page: no server calls; the choice goes to the provider on WhatsApp.
const options = [
  {
    id: 'classic-white',
    title: 'Klasik Beyaz',
    text: 'Beyaz güller, tül ve kurdele ile zamansız gelin arabası.',
    colors: ['#ffffff', '#f3efe7', '#d9d2c3'],
  },
  {
    id: 'blush',
    title: 'Pudra Romantik',
    text: 'Pudra pembe güller, okaliptüs ve saten kurdeleler.',
    colors: ['#fbd3dc', '#f3a6b7', '#9cb8a0'],
  },
  {
    id: 'gold',
    title: 'Altın Zarafet',
    text: 'Krem güller, altın yapraklar ve ince ışık zincirleri.',
    colors: ['#f7e7c6', '#d9b26a', '#8a6a2c'],
  },
  {
    id: 'garden',
    title: 'Kır Bahçesi',
    text: 'Papatyalar, kır çiçekleri ve yeşil sarmaşıklar.',
    colors: ['#fff7d6', '#f2c14e', '#5f8f4e'],
  },
  {
    id: 'red',
    title: 'Kırmızı Tutku',
    text: 'Kırmızı güller ve bordo kurdelelerle cesur bir seçim.',
    colors: ['#c1121f', '#780000', '#f3e9e2'],
  },
  {
    id: 'minimal',
    title: 'Modern Minimal',
    text: 'Tek çiçek aranjmanı ve "Just Married" plakası.',
    colors: ['#ffffff', '#111111', '#c8c8c8'],
  },
];

function CarArt({ id, colors }: { id: string; colors: string[] }) {
  const [a, b, c] = colors;
  const grad = `sky-${id}`;
  return (
    <svg viewBox="4 28 272 124" className="h-44 w-full" aria-hidden preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id={grad} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={b} stopOpacity=".35" />
          <stop offset="1" stopColor="#1c1917" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="280" height="160" fill={`url(#${grad})`} />
      <rect x="0" y="132" width="280" height="28" fill="#292524" />
      {[30, 90, 150, 210].map((x) => (
        <rect key={x} x={x} y="144" width="30" height="3" rx="1.5" fill="#a8a29e" opacity=".6" />
      ))}
      {/* Body, windows, lights and wheels */}
      <path
        d="M30 118 L50 86 Q60 72 82 70 L188 70 Q210 72 224 88 L248 106 Q256 114 256 124 L256 130 L26 130 L26 122 Z"
        fill="#f5f5f4"
      />
      <path d="M66 88 L86 75 L140 75 L140 92 Z M146 75 L194 75 L214 92 L146 92 Z" fill="#44403c" />
      <rect x="240" y="110" width="12" height="6" rx="3" fill="#fde68a" />
      <rect x="28" y="112" width="8" height="6" rx="2" fill="#ef4444" opacity=".8" />
      <circle cx="82" cy="132" r="16" fill="#1c1917" />
      <circle cx="82" cy="132" r="6.5" fill="#a8a29e" />
      <circle cx="208" cy="132" r="16" fill="#1c1917" />
      <circle cx="208" cy="132" r="6.5" fill="#a8a29e" />
      {/* Ribbon from the mirror to the bonnet, bow on the bonnet */}
      <path d="M142 94 Q190 100 244 106" stroke={b} strokeWidth="3" fill="none" />
      <path d="M36 104 Q90 124 142 94" stroke={b} strokeWidth="3" fill="none" />
      <g transform="translate(226 100)">
        <path d="M0 0 L-10 -7 L-10 7Z M0 0 L10 -7 L10 7Z" fill={b} />
        <path d="M0 0 L-4 14 M0 0 L5 14" stroke={b} strokeWidth="2" />
      </g>
      {/* Roof arrangement */}
      <ellipse cx="140" cy="70" rx="34" ry="5" fill={c} opacity=".7" />
      {[-24, -12, 0, 12, 24].map((dx, i) => (
        <g key={dx} transform={`translate(${140 + dx} ${64 - (i % 2) * 3})`}>
          <circle r="7.5" fill={i % 2 ? b : a} stroke={c} strokeWidth="1" />
          <circle r="2.8" fill={c} />
        </g>
      ))}
      {id === 'minimal' ? (
        <g transform="translate(30 112)">
          <rect x="0" y="0" width="44" height="14" rx="2" fill="#fafaf9" stroke="#111" />
          <text x="22" y="10" fontSize="7" textAnchor="middle" fill="#111" fontFamily="serif">
            Just Married
          </text>
        </g>
      ) : null}
      {id === 'garden' ? (
        <path d="M40 104 q10 -10 20 0 q10 -10 20 0" stroke="#5f8f4e" strokeWidth="3" fill="none" />
      ) : null}
    </svg>
  );
}

export function DecorationPage() {
  const [chosen, setChosen] = useState<string | null>(null);
  const option = options.find((o) => o.id === chosen);
  const message = option
    ? `Merhaba, düğünümüz için "${option.title}" araç süsleme seçeneğini istiyoruz.`
    : '';
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display text-3xl font-semibold">Araç Süsleme</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          Gelin arabanız için hazırladığımız süsleme seçeneklerinden birini seçin, bize WhatsApp'tan iletin.
        </p>
      </div>
      <div
        className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        role="radiogroup"
        aria-label="Süsleme seçenekleri"
      >
        {options.map((o) => (
          <button
            key={o.id}
            type="button"
            role="radio"
            aria-checked={chosen === o.id}
            onClick={() => setChosen(o.id)}
            className={cn(
              'cursor-pointer overflow-hidden rounded-xl border-2 bg-white text-left dark:bg-stone-900',
              chosen === o.id
                ? 'border-brand-500'
                : 'border-transparent hover:border-stone-300 dark:hover:border-stone-700',
            )}
          >
            <CarArt id={o.id} colors={o.colors} />
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
        <p className="flex-1 text-sm">
          {option ? (
            <>
              Seçiminiz: <strong>{option.title}</strong>
            </>
          ) : (
            'Henüz bir seçenek seçmediniz.'
          )}
        </p>
        <Button asChild={Boolean(option)} disabled={!option}>
          {option ? (
            <a
              href={`https://wa.me/${contact.whatsappNumber}?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden className="h-4 w-4" /> Seçimimi WhatsApp ile Gönder
            </a>
          ) : (
            <span>
              <MessageCircle aria-hidden className="h-4 w-4" /> Seçimimi WhatsApp ile Gönder
            </span>
          )}
        </Button>
      </div>
    </div>
  );
}
