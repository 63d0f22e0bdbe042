// Props and settings that make a pose recognisable: umbrella, stairs, door, lights, confetti…
// Each carries a data-part so tests can check that a pose shows what its name promises.
import type { Pt } from './pose-figure';

const HEART = 'M0 3C-3 0-6-1-6-3.5-6-6-3-7 0-4.5 3-7 6-6 6-3.5 6-1 3 0 0 3Z';

export function Heart({
  at,
  k = 1,
  fill = '#e0405f',
  part,
}: {
  at: Pt;
  k?: number;
  fill?: string;
  part?: string;
}) {
  return (
    <path transform={`translate(${at[0]} ${at[1]}) scale(${k})`} d={HEART} fill={fill} data-part={part} />
  );
}

export function Bouquet({ at, k = 1 }: { at: Pt; k?: number }) {
  return (
    <g transform={`translate(${at[0]} ${at[1]}) scale(${k})`} data-part="bouquet">
      <path d="M-2 0L0 9 2 0Z" fill="#6f8f5a" />
      <circle cx="-3" cy="-1" r="3.2" fill="#f4a3b5" />
      <circle cx="3" cy="-1" r="3.2" fill="#fffaf5" />
      <circle cx="0" cy="-4" r="3.2" fill="#e0405f" />
    </g>
  );
}

export function Sun({ at, r, colour = '#ffd58a' }: { at: Pt; r: number; colour?: string }) {
  return <circle cx={at[0]} cy={at[1]} r={r} fill={colour} data-part="sun" />;
}

export function Stars() {
  return (
    <g fill="#fff" opacity=".8">
      {[
        [20, 18],
        [64, 30],
        [150, 14],
        [204, 26],
        [112, 22],
        [182, 48],
        [36, 52],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="1.1" />
      ))}
    </g>
  );
}

export function StringLights() {
  return (
    <g data-part="string-lights">
      <path d="M0 20Q60 52 120 26T240 22" stroke="#5b4d3a" fill="none" />
      {Array.from({ length: 13 }, (_, i) => {
        const x = 8 + i * 18;
        const y = 26 + Math.round(Math.sin((x / 240) * Math.PI * 2 + 0.6) * 10);
        return <circle key={x} cx={x} cy={y} r="2.6" fill="#ffe08a" opacity=".95" />;
      })}
    </g>
  );
}

export function Stairs() {
  return (
    <g data-part="stairs" fill="#8d7a8f" stroke="#b7a5b8" strokeWidth=".8">
      {Array.from({ length: 5 }, (_, i) => (
        <rect key={i} x={118 + i * 14} y={150 - (i + 1) * 6} width={122 - i * 14} height="6" />
      ))}
      <rect x="0" y="150" width="240" height="30" />
    </g>
  );
}

export function Door() {
  return (
    <g data-part="door">
      <path d="M70 160V62A50 46 0 0 1 170 62V160Z" fill="#f8e7c9" opacity=".28" />
      <path d="M70 160V62A50 46 0 0 1 170 62V160" stroke="#c8a97a" strokeWidth="7" fill="none" />
    </g>
  );
}

export function Umbrella({ at }: { at: Pt }) {
  const [x, y] = at;
  return (
    <g data-part="umbrella">
      <path d={`M${x} ${y}V${y + 46}`} stroke="#3b3b3b" strokeWidth="1.6" />
      <path
        d={`M${x - 40} ${y + 8}Q${x} ${y - 34} ${x + 40} ${y + 8}Q${x + 30} ${y + 2} ${x + 20} ${y + 8}Q${x + 10} ${y + 2} ${x} ${y + 8}Q${x - 10} ${y + 2} ${x - 20} ${y + 8}Q${x - 30} ${y + 2} ${x - 40} ${y + 8}Z`}
        fill="#e0405f"
      />
    </g>
  );
}

export function Rain() {
  return (
    <g stroke="#a9c6e8" strokeWidth="1" opacity=".6" data-part="rain">
      {Array.from({ length: 24 }, (_, i) => {
        const x = (i * 37) % 240;
        const y = (i * 53) % 130;
        return <path key={i} d={`M${x} ${y}l-3 9`} />;
      })}
    </g>
  );
}

export function Confetti({ seed = 0 }: { seed?: number }) {
  const colours = ['#e0405f', '#f2c14e', '#4cc9f0', '#90be6d', '#f4a3b5'];
  return (
    <g data-part="confetti">
      {Array.from({ length: 30 }, (_, i) => {
        const x = (i * 53 + seed * 17) % 240;
        const y = (i * 37 + seed * 11) % 130;
        return (
          <rect
            key={i}
            x={x}
            y={y}
            width="3.5"
            height="6"
            rx="1"
            fill={colours[i % 5]}
            transform={`rotate(${(i * 41) % 90} ${x} ${y})`}
          />
        );
      })}
    </g>
  );
}

/** Short strokes that read as movement, wind or sound. */
export function Lines({ at, dir = 1, part, n = 3 }: { at: Pt; dir?: number; part: string; n?: number }) {
  return (
    <g stroke="#f3e6ff" strokeWidth="1.4" strokeLinecap="round" opacity=".7" fill="none" data-part={part}>
      {Array.from({ length: n }, (_, i) => (
        <path key={i} d={`M${at[0]} ${at[1] + i * 6}h${dir * (14 - i * 3)}`} />
      ))}
    </g>
  );
}

export function Arcs({ at, part, dir = 1 }: { at: Pt; part: string; dir?: number }) {
  return (
    <g stroke="#fbe3ea" strokeWidth="1.2" fill="none" strokeLinecap="round" data-part={part}>
      {[4, 8, 12].map((r) => (
        <path key={r} d={`M${at[0]} ${at[1] - r}a${r} ${r} 0 0 ${dir > 0 ? 1 : 0} 0 ${r * 2}`} />
      ))}
    </g>
  );
}

export function Frame({
  x,
  y,
  w,
  h,
  part,
  fill = '#f8e7c9',
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  part: string;
  fill?: string;
}) {
  return (
    <g data-part={part}>
      <rect x={x} y={y} width={w} height={h} fill={fill} opacity=".25" />
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        fill="none"
        stroke="#c8a97a"
        strokeWidth="4"
        rx={part === 'mirror' ? w / 2 : 2}
      />
      {part === 'window' ? (
        <path d={`M${x + w / 2} ${y}v${h}M${x} ${y + h / 2}h${w}`} stroke="#c8a97a" strokeWidth="3" />
      ) : null}
    </g>
  );
}

export function Bench() {
  return (
    <g data-part="bench" fill="#7a5a3a">
      <rect x="70" y="134" width="100" height="5" rx="2" />
      <rect x="76" y="139" width="4" height="12" />
      <rect x="160" y="139" width="4" height="12" />
    </g>
  );
}

export function Notes() {
  return (
    <g fill="#fbe3ea" data-part="music">
      {[
        [40, 40],
        [196, 56],
        [58, 80],
      ].map(([x, y]) => (
        <g key={x}>
          <circle cx={x} cy={y} r="3" />
          <path d={`M${x! + 2.6} ${y}v-12h6`} stroke="#fbe3ea" strokeWidth="1.2" fill="none" />
        </g>
      ))}
    </g>
  );
}

export function Hills({ colour }: { colour: string }) {
  return (
    <path d="M0 132Q50 104 100 126T200 118 240 124V180H0Z" fill={colour} opacity=".6" data-part="horizon" />
  );
}
