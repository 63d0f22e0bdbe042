// Generates the marketing illustrations (WebP) shipped under src/assets/art. They stand in for photos
// the site shows (sample moments, gallery, testimonials) and must look finished, so each scene is
// drawn as layered vector art. Each scene is written at 800 and 400 px wide, in WebP and AVIF, for
// `srcset` (src/features/marketing/components/art-picture.tsx): a phone mockup's thumbnail needs
// the small one, and browsers that read AVIF take it. Run: node apps/web/scripts/make-art.mjs
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../src/assets/art');
mkdirSync(out, { recursive: true });

// Deterministic pseudo-random so re-running gives identical files.
let seed = 7;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

const W = 800;
const H = 600;

const defs = (sky) => `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${sky.map((c, i) => `<stop offset="${i / (sky.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7e1a6"/><stop offset=".5" stop-color="#d9b26a"/><stop offset="1" stop-color="#a97d33"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#fff7d6" stop-opacity=".95"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></radialGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
  </defs>`;

const bokeh = (n, colors, yMax = H) =>
  Array.from({ length: n }, () => {
    const r = 8 + rnd() * 34;
    const c = colors[Math.floor(rnd() * colors.length)];
    return `<circle cx="${(rnd() * W).toFixed(0)}" cy="${(rnd() * yMax).toFixed(0)}" r="${r.toFixed(0)}" fill="${c}" opacity="${(0.25 + rnd() * 0.45).toFixed(2)}" filter="url(#blur)"/>`;
  }).join('');

const stringLights = (y0, sag, color = '#fff3c4') => {
  const pts = [];
  let s = `<path d="M0 ${y0} Q ${W / 2} ${y0 + sag} ${W} ${y0}" stroke="#3b2b2b" stroke-width="2" fill="none" opacity=".6"/>`;
  for (let i = 1; i < 16; i++) {
    const t = i / 16;
    const x = t * W;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag) + t * t * y0;
    pts.push(
      `<circle cx="${x}" cy="${y + 8}" r="16" fill="url(#glow)"/><circle cx="${x}" cy="${y + 8}" r="4" fill="${color}"/>`,
    );
  }
  return s + pts.join('');
};

// A couple seen from behind/side as silhouettes: bride with veil and gown, groom in a suit.
const couple = (x, y, s = 1, fill = '#2a1a22', veil = '#ffffff') => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-8 -150 q -40 60 -30 150 l 52 0 z" fill="${veil}" opacity=".55"/>
    <circle cx="0" cy="-165" r="17" fill="${fill}"/>
    <path d="M-14 -148 q 14 -6 28 0 l 10 55 q 40 70 52 93 l -130 0 q 20 -40 30 -93 z" fill="${fill}"/>
    <circle cx="58" cy="-178" r="18" fill="${fill}"/>
    <path d="M40 -160 q 18 -8 36 0 l 8 70 l -6 90 l -14 0 l -4 -80 l -4 80 l -14 0 l -6 -90 z" fill="${fill}"/>
    <path d="M38 -140 q -20 20 -38 10" stroke="${fill}" stroke-width="10" stroke-linecap="round" fill="none"/>
  </g>`;

const rose = (cx, cy, r, c1, c2) => `
  <g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${c1}"/>
    <circle cx="${cx - r * 0.15}" cy="${cy - r * 0.1}" r="${r * 0.7}" fill="${c2}" opacity=".8"/>
    <path d="M${cx - r * 0.5} ${cy} a ${r * 0.5} ${r * 0.5} 0 1 1 ${r} 0" stroke="${c1}" stroke-width="${r * 0.12}" fill="none" opacity=".7"/>
    <circle cx="${cx}" cy="${cy - r * 0.05}" r="${r * 0.28}" fill="${c1}" opacity=".9"/>
  </g>`;

const leaf = (x, y, a, len, c = '#6b8f5e') =>
  `<path transform="translate(${x} ${y}) rotate(${a})" d="M0 0 q ${len / 2} -${len / 4} ${len} 0 q -${len / 2} ${len / 4} -${len} 0 z" fill="${c}"/>`;

const bouquet = (cx, cy, s, palette) => {
  let g = '';
  for (let i = 0; i < 10; i++) g += leaf(cx, cy + 20, -150 + i * 30, 90 * s, i % 2 ? '#7fa36f' : '#5d7f52');
  const spots = [
    [0, 0],
    [-45, -20],
    [45, -18],
    [-25, -55],
    [28, -58],
    [-70, 15],
    [70, 18],
    [0, -90],
    [-50, 45],
    [50, 45],
    [0, 40],
  ];
  spots.forEach(([dx, dy], i) => {
    const [a, b] = palette[i % palette.length];
    g += rose(cx + dx * s, cy + dy * s, (26 + (i % 3) * 5) * s, a, b);
  });
  g += `<path d="M${cx - 30 * s} ${cy + 60 * s} l ${30 * s} ${120 * s} l ${30 * s} -${120 * s} z" fill="#f3e3c8"/>`;
  g += `<path d="M${cx - 26 * s} ${cy + 80 * s} q ${26 * s} 14 ${52 * s} 0" stroke="url(#gold)" stroke-width="${8 * s}" fill="none"/>`;
  return g;
};

const rings = (cx, cy, r) => `
  <ellipse cx="${cx}" cy="${cy + r * 1.15}" rx="${r * 1.9}" ry="${r * 0.25}" fill="#000" opacity=".15" filter="url(#soft)"/>
  <circle cx="${cx - r * 0.55}" cy="${cy}" r="${r}" fill="none" stroke="url(#gold)" stroke-width="${r * 0.22}"/>
  <circle cx="${cx + r * 0.55}" cy="${cy + r * 0.1}" r="${r * 0.9}" fill="none" stroke="#e8e4ea" stroke-width="${r * 0.2}"/>
  <path d="M${cx + r * 0.55} ${cy - r * 0.8} l ${r * 0.18} -${r * 0.22} l ${r * 0.18} ${r * 0.22} l -${r * 0.18} ${r * 0.2} z" fill="#ffffff" stroke="#cfd8ee" stroke-width="2"/>
  <path d="M${cx - r * 1.3} ${cy - r * 0.3} a ${r} ${r} 0 0 1 ${r * 0.5} -${r * 0.6}" stroke="#fff" stroke-width="4" fill="none" opacity=".8"/>`;

const cake = (cx, base) => `
  <ellipse cx="${cx}" cy="${base + 6}" rx="200" ry="18" fill="#000" opacity=".12" filter="url(#soft)"/>
  <rect x="${cx - 190}" y="${base - 8}" width="380" height="14" rx="7" fill="#e9dcc9"/>
  <rect x="${cx - 150}" y="${base - 120}" width="300" height="112" rx="12" fill="#fffaf3"/>
  <rect x="${cx - 110}" y="${base - 215}" width="220" height="95" rx="12" fill="#fff6ec"/>
  <rect x="${cx - 72}" y="${base - 290}" width="144" height="75" rx="12" fill="#fffaf3"/>
  ${[base - 120, base - 215, base - 290].map((y, i) => `<path d="M${cx - [150, 110, 72][i]} ${y + 14} ${Array.from({ length: 12 }, () => `q ${[12.5, 9.17, 6][i]} 16 ${[12.5, 9.17, 6][i] * 2} 0`).join(' ')}" stroke="#f0d6da" stroke-width="6" fill="none"/>`).join('')}
  <path d="M${cx - 150} ${base - 60} h 300" stroke="url(#gold)" stroke-width="5"/>
  <path d="M${cx - 110} ${base - 165} h 220" stroke="url(#gold)" stroke-width="5"/>
  ${rose(cx - 40, base - 298, 18, '#d96c86', '#f4a6b7')}${rose(cx, base - 306, 22, '#c94f6d', '#ef8fa4')}${rose(cx + 40, base - 298, 18, '#e9a0b0', '#f8c9d3')}
  ${leaf(cx - 62, base - 296, -160, 36)}${leaf(cx + 62, base - 296, -20, 36)}`;

const glass = (x, y, a, fillLevel = 0.6) => `
  <g transform="translate(${x} ${y}) rotate(${a})">
    <path d="M-34 -150 l 68 0 l -8 110 q -26 22 -52 0 z" fill="#ffffff" opacity=".35" stroke="#fff" stroke-width="3"/>
    <path d="M${-34 + 8 * (1 - fillLevel)} ${-150 + 110 * (1 - fillLevel)} l ${68 - 16 * (1 - fillLevel)} 0 l -6 ${110 * fillLevel - 5} q -26 20 -50 0 z" fill="url(#gold)" opacity=".85"/>
    <rect x="-3" y="-35" width="6" height="110" fill="#fff" opacity=".7"/>
    <ellipse cx="0" cy="78" rx="40" ry="9" fill="#fff" opacity=".6"/>
    ${Array.from({ length: 6 }, (_, i) => `<circle cx="${-14 + i * 6}" cy="${-60 - i * 14}" r="3" fill="#fffbe8" opacity=".9"/>`).join('')}
  </g>`;

const candle = (x, y, h) => `
  <rect x="${x - 12}" y="${y - h}" width="24" height="${h}" rx="4" fill="#fff8ec"/>
  <circle cx="${x}" cy="${y - h - 16}" r="36" fill="url(#glow)"/>
  <path d="M${x} ${y - h - 30} q 9 14 0 24 q -9 -10 0 -24 z" fill="#ffcf6b"/>`;

const arch = (cx, base) => {
  let g = `<path d="M${cx - 170} ${base} v -170 a 170 170 0 0 1 340 0 v 170" stroke="#f5ede3" stroke-width="16" fill="none"/>`;
  for (let i = 0; i <= 22; i++) {
    const t = Math.PI + (i / 22) * Math.PI;
    const x = cx + 170 * Math.cos(t);
    const y = base - 170 + 170 * Math.sin(t);
    if (i % 2 === 0) g += leaf(x, y, (t * 180) / Math.PI + 90, 40, '#6f9464');
    g += rose(x, y, 14 + (i % 3) * 3, i % 3 ? '#f2b8c6' : '#ffffff', i % 3 ? '#fbdbe3' : '#f6eef0');
  }
  for (let i = 0; i < 6; i++) {
    const y = base - 30 * i;
    g += rose(cx - 170, y, 13, '#ffffff', '#f6eef0') + rose(cx + 170, y - 12, 13, '#f2b8c6', '#fbdbe3');
  }
  return g;
};

const chairs = (y, n, c = '#f5efe6') =>
  Array.from({ length: n }, (_, i) => {
    const x = 60 + i * ((W - 120) / (n - 1));
    return `<rect x="${x - 16}" y="${y - 40}" width="32" height="40" rx="5" fill="${c}" opacity=".9"/><rect x="${x - 18}" y="${y}" width="36" height="8" rx="3" fill="${c}"/>`;
  }).join('');

const svg = (sky, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}<rect width="${W}" height="${H}" fill="url(#sky)"/>${body}</svg>`;

const scenes = {
  'sunset-couple': svg(
    ['#f6c3a8', '#f19b8e', '#b5577a', '#5b2c4f'],
    `
    <circle cx="560" cy="330" r="110" fill="#ffe1a8" opacity=".9"/><circle cx="560" cy="330" r="190" fill="url(#glow)" opacity=".6"/>
    <path d="M0 420 q 200 -60 400 -10 t 400 -20 v 210 h -800 z" fill="#7a3a55" opacity=".7"/>
    <path d="M0 470 q 250 -40 480 0 t 320 -10 v 140 h -800 z" fill="#4a2340"/>
    ${couple(330, 480, 1.25, '#2a1228', '#fbe9ef')}${bokeh(10, ['#fff3d6', '#ffd3c2'], 300)}`,
  ),
  rings: svg(
    ['#fdf3ee', '#f8e1e4', '#efc7cf'],
    `${bokeh(26, ['#ffffff', '#f8d7dd', '#f3e2b8'])}
    <rect x="0" y="420" width="800" height="180" fill="#f4dfe0"/>${rings(400, 330, 95)}
    ${rose(150, 430, 40, '#e58aa0', '#f6c0cd')}${rose(110, 470, 30, '#ffffff', '#f5eced')}${leaf(180, 470, -20, 70)}${leaf(80, 440, 200, 60)}
    ${rose(660, 450, 34, '#ffffff', '#f5eced')}${leaf(700, 470, -30, 60)}`,
  ),
  bouquet: svg(
    ['#eef3ea', '#e3ecdf', '#d4e2cf'],
    `${bokeh(20, ['#ffffff', '#fbe3e8', '#f5edd0'])}
    ${bouquet(400, 260, 1.5, [
      ['#e58aa0', '#f6c0cd'],
      ['#ffffff', '#f3ecec'],
      ['#f3b77f', '#f9d6b1'],
      ['#c9577a', '#ee9ab0'],
    ])}`,
  ),
  cake: svg(
    ['#fbf2ea', '#f4e3dc', '#e9cfd0'],
    `${bokeh(18, ['#fff6d8', '#ffffff', '#f6d9de'], 360)}
    <rect x="0" y="470" width="800" height="130" fill="#e7d3cd"/>${cake(400, 480)}`,
  ),
  'first-dance': svg(
    ['#231a33', '#3b2346', '#5a2c4c'],
    `${stringLights(60, 80)}${stringLights(150, 60, '#ffe6b0')}
    ${bokeh(26, ['#ffd98a', '#ff9fb4', '#b7a4ff'], 420)}
    <ellipse cx="400" cy="520" rx="300" ry="40" fill="#ffd98a" opacity=".18" filter="url(#blur)"/>
    ${couple(370, 520, 1.35, '#120a16', '#f4e6ff')}`,
  ),
  'table-candles': svg(
    ['#2f2230', '#4a3040', '#6b4050'],
    `${bokeh(24, ['#ffd98a', '#ffc0a6'], 300)}
    <rect x="0" y="400" width="800" height="200" fill="#f3e8dc"/><rect x="0" y="400" width="800" height="14" fill="#e6d6c4"/>
    ${candle(180, 420, 120)}${candle(250, 420, 80)}${candle(560, 420, 140)}${candle(630, 420, 90)}
    ${bouquet(405, 350, 0.75, [
      ['#ffffff', '#f1ebe8'],
      ['#e58aa0', '#f6c0cd'],
      ['#d9b26a', '#f1dca8'],
    ])}
    <ellipse cx="120" cy="510" rx="70" ry="14" fill="#fff" opacity=".85"/><ellipse cx="680" cy="510" rx="70" ry="14" fill="#fff" opacity=".85"/>`,
  ),
  'champagne-toast': svg(
    ['#fdf0e2', '#f7dcc9', '#eebfae'],
    `${bokeh(30, ['#fff8dc', '#ffffff', '#f7d2a9'])}
    ${glass(340, 400, 12, 0.65)}${glass(460, 400, -12, 0.55)}
    <circle cx="400" cy="265" r="38" fill="url(#glow)"/>`,
  ),
  'garden-ceremony': svg(
    ['#cfe6f2', '#e4f0ea', '#f3f1e4'],
    `
    <path d="M0 380 q 200 -40 400 0 t 400 -10 v 230 h -800 z" fill="#a9c79a"/><path d="M0 440 q 300 -30 800 10 v 150 h -800 z" fill="#8fb582"/>
    <rect x="385" y="400" width="30" height="200" fill="#f6f0e8" opacity=".7"/>
    ${arch(400, 430)}${chairs(540, 8)}${bokeh(8, ['#ffffff'], 200)}`,
  ),
  'confetti-exit': svg(
    ['#f9e7ee', '#f3d2dd', '#e8b9c9'],
    `
    ${Array.from({ length: 120 }, () => `<rect x="${(rnd() * W).toFixed(0)}" y="${(rnd() * H * 0.8).toFixed(0)}" width="${(4 + rnd() * 8).toFixed(0)}" height="${(8 + rnd() * 10).toFixed(0)}" transform="rotate(${(rnd() * 180).toFixed(0)} ${(rnd() * W).toFixed(0)} ${(rnd() * H).toFixed(0)})" fill="${['#ffffff', '#d9b26a', '#e0405f', '#fda4b4'][Math.floor(rnd() * 4)]}" opacity=".85"/>`).join('')}
    <rect x="0" y="480" width="800" height="120" fill="#d9a3b5"/>
    ${couple(350, 500, 1.3, '#5a2038', '#ffffff')}`,
  ),
};

for (const [name, markup] of Object.entries(scenes)) {
  for (const [width, suffix] of [
    [W, ''],
    [W / 2, '-400'],
  ]) {
    const image = () => sharp(Buffer.from(markup), { density: (72 * width) / W }).resize(width);
    await image()
      .webp({ quality: 72, effort: 6 })
      .toFile(path.join(out, `${name}${suffix}.webp`));
    await image()
      .avif({ quality: 50, effort: 6 })
      .toFile(path.join(out, `${name}${suffix}.avif`));
  }
}

// Testimonial portraits: flat illustrated brides, each with her own palette.
const portraits = [
  { name: 'bride-1', bg: ['#fde2e4', '#f7c6cf'], skin: '#f1c7a8', hair: '#4a2c21', flower: '#e58aa0' },
  { name: 'bride-2', bg: ['#e8eefc', '#cfdaf5'], skin: '#e0ac85', hair: '#1f1512', flower: '#ffffff' },
  { name: 'bride-3', bg: ['#fbf1dc', '#f3dfb3'], skin: '#f5d3bd', hair: '#b9793c', flower: '#d9b26a' },
  { name: 'bride-4', bg: ['#e6f2ec', '#c9e2d5'], skin: '#c98e6b', hair: '#2b1b17', flower: '#f2b8c6' },
];
for (const p of portraits) {
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">${defs(p.bg)}
    <rect width="320" height="320" fill="url(#sky)"/>
    <path d="M70 320 q 10 -90 90 -95 q 80 5 90 95 z" fill="#fffaf5"/>
    <path d="M118 232 q 42 30 84 0" stroke="#f0e4da" stroke-width="6" fill="none"/>
    <path d="M95 150 q -10 90 25 120 l 80 0 q 35 -30 25 -120 z" fill="${p.hair}"/>
    <rect x="146" y="185" width="28" height="40" rx="10" fill="${p.skin}"/>
    <ellipse cx="160" cy="148" rx="52" ry="60" fill="${p.skin}"/>
    <path d="M106 140 q 4 -70 60 -66 q 50 4 50 70 q -30 -36 -110 -4 z" fill="${p.hair}"/>
    <path d="M212 120 q 40 60 20 180 l 20 0 q 10 -130 -30 -190 z" fill="#ffffff" opacity=".55"/>
    ${rose(205, 108, 14, p.flower, '#ffffff')}${rose(188, 96, 10, p.flower, '#fff5f7')}
    <circle cx="141" cy="150" r="5" fill="#3a2520"/><circle cx="179" cy="150" r="5" fill="#3a2520"/>
    <path d="M146 176 q 14 12 28 0" stroke="#b5505f" stroke-width="4" stroke-linecap="round" fill="none"/>
    <circle cx="132" cy="168" r="9" fill="#f29aa6" opacity=".35"/><circle cx="188" cy="168" r="9" fill="#f29aa6" opacity=".35"/>
  </svg>`;
  await sharp(Buffer.from(markup))
    .webp({ quality: 78 })
    .toFile(path.join(out, `${p.name}.webp`));
  await sharp(Buffer.from(markup))
    .avif({ quality: 55, effort: 6 })
    .toFile(path.join(out, `${p.name}.avif`));
}
console.log('art written to', out);
