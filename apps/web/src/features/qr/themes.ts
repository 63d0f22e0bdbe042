// The 10 table-card themes: drawn here as SVG (no stock images, no network), so the
// carousel, the card preview and the printed PDF all use the very same artwork.
import type { CardThemeId } from '@ani/contract/events';

/** The short instruction printed on every table card (kept here so the page preview does not load pdf-lib). */
export const cardInstruction =
  'Düğünümüzden kareleri bizimle paylaşın! Telefonunuzun kamerasıyla QR kodu okutun, fotoğraf ve videolarınızı yükleyin.';

type Motif =
  'wheat' | 'frame' | 'lace' | 'lines' | 'feathers' | 'deco' | 'waves' | 'leaves' | 'hearts' | 'snow';

export interface CardTheme {
  id: CardThemeId;
  title: string;
  description: string;
  background: [string, string];
  accent: string;
  ink: string;
  motif: Motif;
}

export const cardThemes: CardTheme[] = [
  {
    id: 'country',
    title: 'Kır Düğünü',
    description: 'Başak ve kır çiçekleriyle sıcak, doğal bir kart.',
    background: ['#f6efdc', '#e8d7ae'],
    accent: '#9a7b3c',
    ink: '#4a3b1c',
    motif: 'wheat',
  },
  {
    id: 'classic',
    title: 'Zarif Klasik',
    description: 'İnce çerçeveli, zamansız ve sade bir şıklık.',
    background: ['#fbfaf7', '#ece7de'],
    accent: '#2f2a25',
    ink: '#1f1b17',
    motif: 'frame',
  },
  {
    id: 'rustic',
    title: 'Rustik Vintage',
    description: 'Dantel detaylı, eskitme tonlarda nostaljik tasarım.',
    background: ['#efe4d3', '#d7c1a3'],
    accent: '#7b5a3a',
    ink: '#3e2c1b',
    motif: 'lace',
  },
  {
    id: 'minimal',
    title: 'Modern Minimalist',
    description: 'Bol boşluklu, net çizgilerle çağdaş görünüm.',
    background: ['#ffffff', '#f1f1f1'],
    accent: '#111111',
    ink: '#111111',
    motif: 'lines',
  },
  {
    id: 'boho',
    title: 'Bohem',
    description: 'Tüy ve toprak tonlarıyla özgür ruhlu bir kart.',
    background: ['#f7e6da', '#e3bfa5'],
    accent: '#a0573a',
    ink: '#4b2616',
    motif: 'feathers',
  },
  {
    id: 'gold',
    title: 'Lüks Altın',
    description: 'Gece mavisi üzerinde altın art deco süslemeler.',
    background: ['#1d2235', '#0e1120'],
    accent: '#d9b26a',
    ink: '#f3e3bd',
    motif: 'deco',
  },
  {
    id: 'sea',
    title: 'Deniz',
    description: 'Dalgalar ve turkuaz tonlarla sahil düğünlerine.',
    background: ['#e6f5f7', '#b5e0e6'],
    accent: '#1f7a8c',
    ink: '#0d3b46',
    motif: 'waves',
  },
  {
    id: 'garden',
    title: 'Bahçe Partisi',
    description: 'Yeşil yapraklar ve taze çiçeklerle bahar havası.',
    background: ['#eef6ea', '#cfe5c4'],
    accent: '#3f7a3a',
    ink: '#1f3d1c',
    motif: 'leaves',
  },
  {
    id: 'romantic',
    title: 'Romantik Pembe',
    description: 'Pudra pembesi ve kalplerle romantik bir dokunuş.',
    background: ['#fff0f3', '#fbcdd8'],
    accent: '#c22448',
    ink: '#5c1024',
    motif: 'hearts',
  },
  {
    id: 'winter',
    title: 'Kış Masalı',
    description: 'Kar taneleri ve buz mavisiyle kış düğünlerine.',
    background: ['#f2f6fb', '#cddcee'],
    accent: '#4d6f9a',
    ink: '#1d3250',
    motif: 'snow',
  },
];

const n = (v: number) => Math.round(v * 10) / 10;

function motifMarkup(theme: CardTheme, w: number, h: number): string {
  const a = theme.accent;
  const parts: string[] = [];
  // Corner ornaments are repeated in all four corners with transforms, so every motif stays symmetric.
  const corners = (inner: string) =>
    [
      `translate(0 0)`,
      `translate(${w} 0) scale(-1 1)`,
      `translate(0 ${h}) scale(1 -1)`,
      `translate(${w} ${h}) scale(-1 -1)`,
    ]
      .map((t) => `<g transform="${t}">${inner}</g>`)
      .join('');
  const s = Math.min(w, h) / 100;
  switch (theme.motif) {
    case 'wheat': {
      const stalk = Array.from(
        { length: 6 },
        (_, i) =>
          `<ellipse cx="${n(12 * s + i * 4 * s)}" cy="${n(30 * s - i * 4 * s)}" rx="${n(1.6 * s)}" ry="${n(3.6 * s)}" transform="rotate(40 ${n(12 * s + i * 4 * s)} ${n(30 * s - i * 4 * s)})" fill="${a}" opacity=".8"/>`,
      ).join('');
      parts.push(
        corners(
          `<path d="M${n(6 * s)} ${n(38 * s)} Q${n(20 * s)} ${n(22 * s)} ${n(36 * s)} ${n(6 * s)}" stroke="${a}" stroke-width="${n(0.8 * s)}" fill="none"/>${stalk}<circle cx="${n(30 * s)}" cy="${n(30 * s)}" r="${n(2.4 * s)}" fill="#d9825b" opacity=".7"/>`,
        ),
      );
      break;
    }
    case 'frame':
      parts.push(
        `<rect x="${n(5 * s)}" y="${n(5 * s)}" width="${n(w - 10 * s)}" height="${n(h - 10 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.6 * s)}"/><rect x="${n(7 * s)}" y="${n(7 * s)}" width="${n(w - 14 * s)}" height="${n(h - 14 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.25 * s)}"/>`,
      );
      parts.push(
        corners(
          `<path d="M${n(7 * s)} ${n(18 * s)} C${n(12 * s)} ${n(12 * s)} ${n(12 * s)} ${n(12 * s)} ${n(18 * s)} ${n(7 * s)}" stroke="${a}" fill="none" stroke-width="${n(0.5 * s)}"/><circle cx="${n(11 * s)}" cy="${n(11 * s)}" r="${n(1.2 * s)}" fill="${a}"/>`,
        ),
      );
      break;
    case 'lace':
      for (let x = 0; x < w + 10 * s; x += 8 * s) {
        parts.push(
          `<circle cx="${n(x)}" cy="0" r="${n(5 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.4 * s)}" opacity=".7"/><circle cx="${n(x)}" cy="${n(h)}" r="${n(5 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.4 * s)}" opacity=".7"/><circle cx="${n(x)}" cy="${n(2 * s)}" r="${n(1 * s)}" fill="${a}" opacity=".6"/><circle cx="${n(x)}" cy="${n(h - 2 * s)}" r="${n(1 * s)}" fill="${a}" opacity=".6"/>`,
        );
      }
      break;
    case 'lines':
      parts.push(
        `<line x1="${n(8 * s)}" y1="${n(10 * s)}" x2="${n(w - 8 * s)}" y2="${n(10 * s)}" stroke="${a}" stroke-width="${n(0.5 * s)}"/><line x1="${n(8 * s)}" y1="${n(h - 10 * s)}" x2="${n(w - 8 * s)}" y2="${n(h - 10 * s)}" stroke="${a}" stroke-width="${n(0.5 * s)}"/><rect x="${n(w / 2 - 3 * s)}" y="${n(8 * s)}" width="${n(6 * s)}" height="${n(4 * s)}" fill="${a}"/>`,
      );
      break;
    case 'feathers': {
      const feather = (x: number, y: number, r: number, c: string) =>
        `<g transform="translate(${n(x)} ${n(y)}) rotate(${r})"><path d="M0 0 C${n(5 * s)} ${n(-8 * s)} ${n(5 * s)} ${n(-20 * s)} 0 ${n(-28 * s)} C${n(-5 * s)} ${n(-20 * s)} ${n(-5 * s)} ${n(-8 * s)} 0 0Z" fill="${c}" opacity=".75"/><line x1="0" y1="${n(4 * s)}" x2="0" y2="${n(-28 * s)}" stroke="#4b2616" stroke-width="${n(0.4 * s)}"/></g>`;
      parts.push(
        corners(
          feather(10 * s, 34 * s, 30, a) +
            feather(18 * s, 34 * s, 55, '#d9a066') +
            feather(5 * s, 30 * s, 10, '#8a9a6b'),
        ),
      );
      break;
    }
    case 'deco': {
      const fan = Array.from(
        { length: 7 },
        (_, i) =>
          `<line x1="0" y1="0" x2="${n(Math.cos((i * Math.PI) / 12) * 26 * s)}" y2="${n(Math.sin((i * Math.PI) / 12) * 26 * s)}" stroke="${a}" stroke-width="${n(0.4 * s)}"/>`,
      ).join('');
      parts.push(
        corners(
          `${fan}<path d="M${n(26 * s)} 0 A${n(26 * s)} ${n(26 * s)} 0 0 1 0 ${n(26 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.6 * s)}"/><path d="M${n(18 * s)} 0 A${n(18 * s)} ${n(18 * s)} 0 0 1 0 ${n(18 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.4 * s)}"/>`,
        ),
      );
      parts.push(
        `<rect x="${n(4 * s)}" y="${n(4 * s)}" width="${n(w - 8 * s)}" height="${n(h - 8 * s)}" fill="none" stroke="${a}" stroke-width="${n(0.5 * s)}"/>`,
      );
      break;
    }
    case 'waves':
      for (let i = 0; i < 4; i++) {
        const y = h - i * 5 * s;
        parts.push(
          `<path d="M0 ${n(y - 6 * s)} Q${n(w / 8)} ${n(y - 12 * s)} ${n(w / 4)} ${n(y - 6 * s)} T${n(w / 2)} ${n(y - 6 * s)} T${n((3 * w) / 4)} ${n(y - 6 * s)} T${n(w)} ${n(y - 6 * s)} V${n(h)} H0Z" fill="${a}" opacity="${0.12 + i * 0.1}"/>`,
        );
      }
      parts.push(
        `<circle cx="${n(w - 16 * s)}" cy="${n(16 * s)}" r="${n(7 * s)}" fill="#f2b45a" opacity=".6"/>`,
      );
      break;
    case 'leaves': {
      const leaf = (x: number, y: number, r: number, c: string) =>
        `<path transform="translate(${n(x)} ${n(y)}) rotate(${r})" d="M0 0 Q${n(6 * s)} ${n(-6 * s)} 0 ${n(-16 * s)} Q${n(-6 * s)} ${n(-6 * s)} 0 0Z" fill="${c}"/>`;
      parts.push(
        corners(
          leaf(8 * s, 20 * s, 20, a) +
            leaf(16 * s, 14 * s, 60, '#6fa566') +
            leaf(6 * s, 10 * s, -10, '#9cc48f') +
            `<circle cx="${n(20 * s)}" cy="${n(24 * s)}" r="${n(3 * s)}" fill="#f4a3b5"/><circle cx="${n(20 * s)}" cy="${n(24 * s)}" r="${n(1.2 * s)}" fill="#f7d774"/>`,
        ),
      );
      break;
    }
    case 'hearts': {
      const heart = (x: number, y: number, k: number, o: number) =>
        `<path transform="translate(${n(x)} ${n(y)}) scale(${n(k * s)})" d="M0 3 C-3 0 -6 -1 -6 -3.5 C-6 -6 -3 -7 0 -4.5 C3 -7 6 -6 6 -3.5 C6 -1 3 0 0 3Z" fill="${a}" opacity="${o}"/>`;
      parts.push(
        corners(
          heart(12 * s, 12 * s, 1.2, 0.8) + heart(24 * s, 8 * s, 0.7, 0.5) + heart(8 * s, 24 * s, 0.6, 0.45),
        ),
      );
      break;
    }
    case 'snow': {
      const flake = (x: number, y: number, r: number) =>
        `<g transform="translate(${n(x)} ${n(y)})" stroke="${a}" stroke-width="${n(0.5 * s)}" opacity=".7">${[0, 60, 120].map((d) => `<line x1="${n(-r)}" y1="0" x2="${n(r)}" y2="0" transform="rotate(${d})"/>`).join('')}</g>`;
      for (let i = 0; i < 14; i++)
        parts.push(flake(((i * 37) % 100) * (w / 100), ((i * 53) % 100) * (h / 100), (2 + (i % 3)) * s));
      break;
    }
  }
  return parts.join('');
}

/** The theme's artwork as a standalone SVG document of `w`×`h` user units. */
export function themeSvg(theme: CardTheme, w = 300, h = 420): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.background[0]}"/><stop offset="1" stop-color="${theme.background[1]}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${motifMarkup(theme, w, h)}</svg>`;
}

export function themeDataUrl(theme: CardTheme, w?: number, h?: number): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(themeSvg(theme, w, h))}`;
}

export { stepCarousel } from '../../lib/carousel';
