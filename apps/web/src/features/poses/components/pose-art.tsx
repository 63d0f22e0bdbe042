import type { Pose } from '../poses';
import { Confetti, DetailProp, FloatingHearts, Trees } from './pose-extras';

// One palette per category: sky top, sky bottom, sun, ground.
const scenes = [
  ['#f9c5d1', '#fde2c8', '#fff1c1', '#e8a3b3'],
  ['#1f2340', '#4b3a63', '#f5d37a', '#171a2e'],
  ['#cfe8d5', '#f3f0d9', '#fff4c2', '#8fbf8a'],
  ['#ffd29d', '#ffb4a2', '#fff3b0', '#e5989b'],
  ['#e6e1f3', '#f7eee6', '#ffffff', '#c9b8dc'],
  ['#f3e9dc', '#fbf7f1', '#e9c46a', '#d6c2a8'],
] as const;

/** A finished-looking flat illustration of the pose: sky, sun, hills and the couple, drawn from the pose's numbers. */
export function PoseArt({ pose }: { pose: Pose }) {
  const [top, bottom, sun, ground] = scenes[pose.art.scene]!;
  const { gap, lean, lift, link } = pose.art;
  const cx = 120;
  const brideX = cx - gap / 2;
  const groomX = cx + gap / 2;
  const grad = `sky-${pose.id}`;
  const dark = pose.art.scene === 1;
  return (
    <svg viewBox="0 0 240 180" role="img" aria-label={`${pose.name} poz çizimi`} className="h-full w-full">
      <defs>
        <linearGradient id={grad} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width="240" height="180" fill={`url(#${grad})`} />
      <circle cx={40 + (pose.id * 23) % 160} cy={40} r={dark ? 12 : 20} fill={sun} opacity=".9" />
      {dark ? [20, 70, 150, 200, 110].map((x, i) => <circle key={x} cx={x} cy={18 + i * 7} r="1.2" fill="#fff" />) : null}
      <path d={`M0 150 Q60 ${128 + (pose.id % 3) * 6} 120 146 T240 140 V180 H0Z`} fill={ground} />
      <path d="M0 165 Q80 150 160 164 T240 160 V180 H0Z" fill={ground} opacity=".7" />
      {pose.category === 'Doğal' ? <Trees /> : null}
      {pose.category === 'Romantik' ? <FloatingHearts seed={pose.id} /> : null}
      {pose.category === 'Hareketli' ? <Confetti seed={pose.id} /> : null}
      {pose.category === 'Detay' ? <DetailProp kind={pose.id % 3} /> : (
      // Portraits are close-ups: the couple drawn larger and lower, cut by the frame like a real crop.
      <g transform={pose.category === 'Portre' ? 'translate(-120 -110) scale(2)' : 'translate(-60 -78) scale(1.5)'}>
      <g transform={`rotate(${lean * 3} ${cx} 150)`}>
        {/* Bride: dress, veil, head */}
        <g transform={`translate(${brideX} ${-lift})`}>
          <path d="M-16 150 L-6 104 L6 104 L16 150 Z" fill="#fffaf5" stroke="#e7d8cc" />
          <path d="M-6 104 L-3 94 L3 94 L6 104Z" fill="#fffaf5" />
          <path d={pose.category === 'Dramatik' ? 'M2 82 Q-30 90 -58 120 Q-40 112 -6 104Z' : 'M2 82 Q-14 100 -18 140 L-6 104Z'} fill="#ffffff" opacity=".7" />
          <circle cy="86" r="7.5" fill="#f1c7a6" />
          <path d="M-8 84 Q0 74 8 84 Q6 78 0 77 Q-6 78 -8 84Z" fill="#6b4226" />
          <circle cx="-2" cy="118" r="4" fill="#e0405f" /><circle cx="2" cy="116" r="3" fill="#f59fb0" />
        </g>
        {/* Groom: suit, shirt, bow tie, head */}
        <g transform={`translate(${groomX} 0)`}>
          <rect x="-4" y="128" width="3.5" height="22" fill="#2b2d42" /><rect x="0.5" y="128" width="3.5" height="22" fill="#2b2d42" />
          <path d="M-9 100 L9 100 L7 130 L-7 130Z" fill="#2b2d42" />
          <path d="M-3 100 L0 112 L3 100Z" fill="#ffffff" />
          <path d="M-2.5 102 L0 103.5 L2.5 102 L2.5 105 L0 103.5 L-2.5 105Z" fill="#a3193b" />
          <circle cy="90" r="7.5" fill="#e2b48f" />
          <path d="M-7.5 88 Q0 78 7.5 88 Q7 83 0 81.5 Q-7 83 -7.5 88Z" fill="#2f1e14" />
        </g>
        {link === 'hands' ? <path d={`M${brideX + 6} ${112 - lift} Q${cx} ${124 - lift / 2} ${groomX - 8} 112`} stroke="#f1c7a6" strokeWidth="3" fill="none" strokeLinecap="round" /> : null}
        {link === 'heart' ? (
          <path transform={`translate(${cx} ${70 - lift}) scale(1.4)`} d="M0 3 C-3 0 -6 -1 -6 -3.5 C-6 -6 -3 -7 0 -4.5 C3 -7 6 -6 6 -3.5 C6 -1 3 0 0 3Z" fill="#e0405f" />
        ) : null}
        {link === 'kiss' ? <path d={`M${brideX + 5} ${90 - lift} Q${cx} ${80 - lift / 2} ${groomX - 6} 92`} stroke="#e0405f" strokeWidth="1.5" fill="none" strokeDasharray="2 3" /> : null}
      </g>
      </g>
      )}
    </svg>
  );
}
