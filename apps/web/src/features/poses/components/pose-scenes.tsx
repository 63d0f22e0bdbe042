// What each of the 42 poses looks like: where the couple stand and what they hold, by pose name.
import type { ReactNode } from 'react';
import type { FigureSpec } from './pose-figure';
import {
  Arcs,
  Bench,
  Confetti,
  Door,
  Frame,
  Heart,
  Hills,
  Lines,
  Notes,
  Rain,
  Stairs,
  Stars,
  StringLights,
  Sun,
  Umbrella,
} from './pose-props';
import { DetailShot } from './pose-details';

export interface Scene {
  bride?: FigureSpec;
  groom?: FigureSpec;
  /** Draw the groom behind the bride (he hugs her from behind, carries her on his back…). */
  groomBehind?: boolean;
  back?: ReactNode;
  front?: ReactNode;
  /** Things that belong in a hand, drawn over the figures. */
  bouquet?: { at: readonly [number, number]; k?: number };
  /** Framing: scale about a point. Couples default to a medium shot; `wide` keeps tall props in frame. */
  zoom?: { k: number; at: readonly [number, number] };
  wide?: boolean;
  /** Mirror: the couple is drawn a second time, flipped and faded, inside the frame. */
  reflect?: boolean;
  sky?: readonly [string, string, string];
  detail?: ReactNode;
}

const stand = (x: number, more: Partial<FigureSpec> = {}): FigureSpec => ({ hip: [x, 117], ...more });
const night = ['#141629', '#2c2446', '#1a1726'] as const;
const dusk = ['#3a2140', '#c96f6a', '#2a1a2c'] as const;

export const scenes: Record<string, Scene> = {
  // Romantik
  'Alın Alına': {
    bride: stand(107, {
      lean: 8,
      face: 'right',
      mood: 'calm',
      hands: [
        [121, 104],
        [119, 98],
      ],
    }),
    groom: stand(133, {
      lean: -8,
      face: 'left',
      mood: 'calm',
      hands: [
        [114, 100],
        [120, 104],
      ],
    }),
    front: <Heart at={[120, 60]} k={0.9} part="heart" />,
  },
  'Arkadan Sarılma': {
    groomBehind: true,
    groom: stand(128, {
      lean: -4,
      face: 'left',
      head: [-3, 2],
      hands: [
        [112, 100],
        [118, 103],
      ],
    }),
    bride: stand(116, {
      face: 'front',
      hands: [
        [113, 101],
        [119, 103],
      ],
    }),
  },
  'El Öpücüğü': {
    bride: stand(98, { face: 'right', hands: [[112, 90], null] }),
    groom: stand(140, {
      lean: -34,
      face: 'left',
      head: [0, 2],
      hands: [
        [114, 92],
        [117, 94],
      ],
    }),
    front: <Heart at={[116, 76]} k={0.6} part="kiss" />,
  },
  'Gün Batımı Silüeti': {
    sky: dusk,
    back: <Sun at={[120, 118]} r={46} colour="#ffb36b" />,
    bride: stand(110, { lean: 6, face: 'right', silhouette: true, hands: [[122, 108], null] }),
    groom: stand(130, { lean: -6, face: 'left', silhouette: true, hands: [[118, 108], null] }),
  },
  Fısıltı: {
    bride: stand(106, {
      face: 'front',
      mood: 'calm',
      hands: [
        [112, 112],
        [104, 112],
      ],
    }),
    groom: stand(128, { lean: -14, face: 'left', head: [-2, 4], hands: [[108, 108], null] }),
    front: <Arcs at={[96, 76]} part="whisper" dir={-1} />,
  },
  'Burun Buruna': {
    bride: stand(108, {
      lean: 5,
      face: 'right',
      hands: [
        [128, 86],
        [126, 90],
      ],
    }),
    groom: stand(132, {
      lean: -5,
      face: 'left',
      hands: [
        [112, 102],
        [110, 106],
      ],
    }),
  },
  'Kalp Eller': {
    bride: stand(106, { face: 'front', hands: [null, [116, 66]] }),
    groom: stand(134, { face: 'front', hands: [[124, 66], null] }),
    front: <Heart at={[120, 66]} k={1.6} part="heart-hands" fill="#f1c7a6" />,
  },
  // Dramatik
  'Duvak Rüzgârı': {
    wide: true,
    sky: night,
    bride: stand(84, {
      face: 'right',
      veil: 'wind',
      hands: [
        [92, 112],
        [96, 110],
      ],
    }),
    groom: stand(176, { face: 'left' }),
    front: <Lines at={[20, 60]} part="wind" n={3} />,
  },
  'Geriye Eğilme': {
    sky: night,
    bride: {
      hip: [114, 122],
      lean: -62,
      face: 'right',
      hands: [
        [124, 90],
        [72, 124],
      ],
      feet: [
        [124, 150],
        [130, 148],
      ],
    },
    groom: stand(136, {
      lean: -42,
      face: 'left',
      hands: [
        [98, 112],
        [112, 120],
      ],
    }),
  },
  'Merdiven Işığı': {
    wide: true,
    sky: night,
    back: (
      <>
        <path d="M150 0L236 0 200 150 130 150Z" fill="#ffe9b0" opacity=".14" data-part="light" />
        <Stairs />
      </>
    ),
    groom: stand(90, { face: 'right', hands: [[120, 104], null] }),
    bride: {
      hip: [166, 93],
      face: 'left',
      hands: [[132, 104], null],
      feet: [
        [162, 126],
        [170, 126],
      ],
    },
  },
  'Gece Işıltısı': {
    wide: true,
    sky: night,
    back: (
      <>
        <Stars />
        <StringLights />
        <ellipse cx="120" cy="96" rx="52" ry="56" fill="#ffd9a0" opacity=".22" />
      </>
    ),
    bride: stand(110, {
      lean: 8,
      face: 'right',
      mood: 'calm',
      silhouette: true,
      hands: [
        [132, 88],
        [134, 92],
      ],
    }),
    groom: stand(130, {
      lean: -6,
      face: 'left',
      silhouette: true,
      hands: [
        [108, 104],
        [112, 108],
      ],
    }),
  },
  'Uzak Bakış': {
    sky: dusk,
    back: (
      <>
        <Sun at={[178, 118]} r={16} colour="#ffcf8a" />
        <Hills colour="#7a3f55" />
      </>
    ),
    bride: stand(92, { face: 'right', hands: [[100, 108], null] }),
    groom: stand(112, {
      face: 'right',
      hands: [
        [92, 96],
        [120, 112],
      ],
    }),
  },
  'Kapı Çerçevesi': {
    wide: true,
    sky: night,
    back: <Door />,
    bride: stand(108, { face: 'right', hands: [[120, 108], null] }),
    groom: stand(132, {
      face: 'left',
      hands: [
        [120, 108],
        [114, 100],
      ],
    }),
  },
  'Yağmur Altında': {
    wide: true,
    sky: ['#1d2536', '#3e4a63', '#1c2230'],
    back: <Rain />,
    bride: stand(106, { lean: 6, face: 'right', mood: 'calm', hands: [[128, 98], null] }),
    groom: stand(132, {
      lean: -4,
      face: 'left',
      hands: [
        [124, 96],
        [112, 104],
      ],
    }),
    front: <Umbrella at={[124, 44]} />,
  },
  // Doğal
  'El Ele Yürüyüş': {
    back: <path d="M96 180L116 118H126L150 180Z" fill="#c9b48a" opacity=".5" data-part="path" />,
    bride: {
      hip: [104, 117],
      face: 'back',
      hands: [null, [120, 122]],
      feet: [
        [98, 150],
        [110, 146],
      ],
    },
    groom: {
      hip: [136, 117],
      face: 'back',
      hands: [[120, 122], null],
      feet: [
        [132, 146],
        [142, 150],
      ],
    },
  },
  'Kahkaha Anı': {
    bride: stand(100, {
      lean: -12,
      face: 'front',
      mood: 'laugh',
      head: [-2, 0],
      hands: [
        [104, 108],
        [98, 112],
      ],
    }),
    groom: stand(138, {
      lean: 10,
      face: 'front',
      mood: 'laugh',
      hands: [
        [146, 112],
        [134, 106],
      ],
    }),
    front: (
      <>
        <Lines at={[66, 60]} dir={-1} part="laughter" n={2} />
        <Lines at={[174, 60]} part="laughter" n={2} />
      </>
    ),
  },
  'Çimende Oturma': {
    back: <path d="M0 140H240V180H0Z" fill="#3f6b46" data-part="grass" />,
    bride: {
      hip: [100, 142],
      face: 'right',
      hands: [
        [118, 138],
        [94, 146],
      ],
      feet: [
        [80, 146],
        [84, 148],
      ],
    },
    groom: {
      hip: [140, 142],
      lean: -8,
      face: 'left',
      hands: [
        [154, 146],
        [124, 130],
      ],
      feet: [
        [164, 148],
        [160, 136],
      ],
    },
  },
  Bakışma: {
    bride: stand(94, {
      face: 'right',
      hands: [
        [120, 108],
        [118, 104],
      ],
    }),
    groom: stand(146, {
      face: 'left',
      hands: [
        [120, 108],
        [122, 104],
      ],
    }),
  },
  'Omuza Yaslanma': {
    groomBehind: true,
    groom: stand(130, { face: 'front', hands: [[108, 108], null] }),
    bride: stand(110, { lean: 14, face: 'front', mood: 'calm', head: [4, 3], hands: [[124, 102], null] }),
  },
  'Buket Koklama': {
    bride: stand(108, {
      face: 'right',
      mood: 'calm',
      hands: [
        [118, 84],
        [117, 86],
      ],
    }),
    groom: stand(142, { face: 'left', hands: [[126, 104], null] }),
    bouquet: { at: [119, 80], k: 1.6 },
  },
  Sohbet: {
    wide: true,
    back: <Bench />,
    bride: {
      hip: [100, 130],
      face: 'right',
      mood: 'laugh',
      hands: [
        [114, 126],
        [96, 118],
      ],
      feet: [
        [116, 150],
        [112, 150],
      ],
    },
    groom: {
      hip: [140, 130],
      face: 'left',
      hands: [
        [126, 112],
        [146, 130],
      ],
      feet: [
        [124, 150],
        [128, 150],
      ],
    },
    front: (
      <g data-part="speech">
        <path
          d="M92 40h32a6 6 0 0 1 6 6v10a6 6 0 0 1-6 6h-20l-6 6v-6h-6a6 6 0 0 1-6-6v-10a6 6 0 0 1 6-6Z"
          fill="#fbe3ea"
        />
        <path
          d="M136 28h28a6 6 0 0 1 6 6v8a6 6 0 0 1-6 6h-4v6l-6-6h-18a6 6 0 0 1-6-6v-8a6 6 0 0 1 6-6Z"
          fill="#d8e2ff"
        />
        <path
          d="M102 51h.1M108 51h.1M114 51h.1M144 38h.1M150 38h.1M156 38h.1"
          stroke="#5b4d6a"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </g>
    ),
  },
  // Hareketli
  'Havaya Kaldırma': {
    zoom: { k: 1.1, at: [120, 92] },
    groom: stand(126, {
      face: 'left',
      hands: [
        [114, 68],
        [122, 70],
      ],
    }),
    bride: {
      hip: [118, 62],
      lean: 16,
      face: 'front',
      mood: 'laugh',
      hands: [
        [90, 30],
        [146, 30],
      ],
      feet: [
        [98, 78],
        [94, 72],
      ],
      flare: 1.2,
    },
    front: <Lines at={[78, 100]} dir={-1} part="motion" />,
  },
  Dönüş: {
    bride: {
      hip: [106, 117],
      face: 'front',
      mood: 'laugh',
      hands: [
        [108, 62],
        [84, 104],
      ],
      flare: 2.8,
    },
    groom: stand(140, { face: 'left', hands: [[110, 62], null] }),
    front: <Arcs at={[70, 130]} part="spin" dir={-1} />,
  },
  Koşu: {
    bride: {
      hip: [104, 114],
      face: 'front',
      mood: 'laugh',
      hands: [
        [120, 112],
        [86, 98],
      ],
      feet: [
        [96, 146],
        [110, 136],
      ],
    },
    groom: {
      hip: [136, 114],
      face: 'front',
      mood: 'laugh',
      hands: [
        [120, 112],
        [156, 98],
      ],
      feet: [
        [130, 136],
        [144, 148],
      ],
    },
    front: (
      <>
        <Lines at={[50, 100]} dir={-1} part="motion" />
        <Lines at={[190, 100]} part="motion" />
      </>
    ),
  },
  Zıplama: {
    wide: true,
    back: (
      <g fill="#000" opacity=".25" data-part="shadows">
        <ellipse cx="100" cy="150" rx="14" ry="3" />
        <ellipse cx="140" cy="150" rx="14" ry="3" />
      </g>
    ),
    bride: {
      hip: [100, 92],
      face: 'front',
      mood: 'laugh',
      hands: [
        [84, 52],
        [114, 50],
      ],
      feet: [
        [90, 116],
        [110, 118],
      ],
      flare: 1.3,
    },
    groom: {
      hip: [140, 90],
      face: 'front',
      mood: 'laugh',
      hands: [
        [126, 50],
        [156, 52],
      ],
      feet: [
        [128, 114],
        [152, 112],
      ],
    },
  },
  Konfeti: {
    back: <Confetti seed={3} />,
    bride: stand(106, {
      face: 'front',
      mood: 'laugh',
      hands: [
        [120, 110],
        [90, 70],
      ],
    }),
    groom: stand(134, {
      face: 'front',
      mood: 'laugh',
      hands: [
        [120, 110],
        [154, 64],
      ],
    }),
  },
  'Dans Figürü': {
    wide: true,
    sky: night,
    back: <Notes />,
    bride: {
      hip: [108, 117],
      lean: -10,
      face: 'right',
      hands: [
        [80, 62],
        [124, 92],
      ],
      feet: [
        [104, 150],
        [84, 136],
      ],
      flare: 1.4,
    },
    groom: stand(134, {
      lean: -4,
      face: 'left',
      hands: [
        [82, 64],
        [104, 100],
      ],
    }),
  },
  'Sırtta Taşıma': {
    groom: {
      hip: [128, 117],
      lean: -24,
      face: 'front',
      mood: 'laugh',
      hands: [
        [136, 110],
        [140, 112],
      ],
      feet: [
        [120, 150],
        [136, 150],
      ],
    },
    bride: {
      hip: [136, 94],
      lean: -18,
      face: 'front',
      mood: 'laugh',
      hands: [
        [114, 90],
        [118, 88],
      ],
      feet: [
        [124, 114],
        [120, 112],
      ],
      flare: 0.4,
    },
    front: <Heart at={[160, 54]} k={1} part="fun" />,
  },
  // Portre: close-ups scaled about the faces.
  'Gelin Portresi': {
    zoom: { k: 2.1, at: [120, 78] },
    back: <circle cx="150" cy="54" r="30" fill="#ffe3b8" opacity=".14" data-part="soft-light" />,
    bride: stand(120, {
      face: 'front',
      mood: 'calm',
      hands: [
        [116, 106],
        [124, 106],
      ],
    }),
    bouquet: { at: [120, 104], k: 1.4 },
  },
  'Damat Portresi': {
    zoom: { k: 2.1, at: [120, 78] },
    groom: stand(120, {
      face: 'front',
      hands: [
        [117, 92],
        [124, 92],
      ],
    }),
  },
  'Omuz Üstü Bakış': {
    zoom: { k: 2, at: [120, 80] },
    bride: stand(118, {
      face: 'left',
      turned: true,
      head: [-3, 0],
      hands: [
        [110, 112],
        [126, 112],
      ],
    }),
  },
  'Pencere Işığı': {
    sky: night,
    zoom: { k: 1.5, at: [120, 80] },
    back: (
      <>
        <Frame x={76} y={30} w={56} h={70} part="window" />
        <path d="M132 30L200 110 200 150 132 100Z" fill="#ffe9b0" opacity=".18" data-part="light" />
      </>
    ),
    bride: stand(120, { face: 'left', mood: 'calm', hands: [[132, 104], null] }),
    groom: stand(142, { face: 'left', hands: [[128, 100], null] }),
  },
  'Yakın Çekim Gülümseme': {
    zoom: { k: 2.3, at: [120, 74] },
    groomBehind: true,
    bride: stand(109, { lean: 4, face: 'front', mood: 'laugh' }),
    groom: stand(131, { lean: -4, face: 'front', mood: 'laugh' }),
  },
  Profil: {
    zoom: { k: 2.2, at: [120, 76] },
    bride: stand(110, { lean: 3, face: 'right' }),
    groom: stand(131, { lean: -3, face: 'left' }),
  },
  Ayna: {
    zoom: { k: 1.5, at: [120, 82] },
    reflect: true,
    back: <Frame x={128} y={30} w={56} h={96} part="mirror" fill="#cfd8ea" />,
    bride: stand(104, {
      face: 'right',
      hands: [
        [116, 80],
        [118, 82],
      ],
    }),
  },
  // Detay: close-ups of objects instead of the couple.
  Yüzükler: { detail: <DetailShot kind="rings" /> },
  'Buket Detayı': { detail: <DetailShot kind="bouquet" /> },
  Ayakkabılar: { detail: <DetailShot kind="shoes" /> },
  'Kol Düğmeleri': { detail: <DetailShot kind="cufflinks" /> },
  Eller: { detail: <DetailShot kind="hands" /> },
  'Duvak Dokusu': { detail: <DetailShot kind="lace" /> },
  Pasta: { detail: <DetailShot kind="cake" /> },
};
