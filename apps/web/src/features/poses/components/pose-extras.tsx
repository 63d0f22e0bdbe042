// Category props drawn around (or instead of) the couple, so the 42 cards differ at a glance.

const confettiColours = ['#e0405f', '#f2c14e', '#4cc9f0', '#90be6d', '#b5179e'];

export function Confetti({ seed }: { seed: number }) {
  return (
    <g>
      {Array.from({ length: 22 }, (_, i) => {
        const x = (i * 53 + seed * 17) % 240;
        const y = (i * 37 + seed * 11) % 120;
        return <rect key={i} x={x} y={y} width="4" height="7" rx="1" fill={confettiColours[i % 5]} transform={`rotate(${(i * 41) % 90} ${x} ${y})`} />;
      })}
    </g>
  );
}

export function FloatingHearts({ seed }: { seed: number }) {
  return (
    <g>
      {Array.from({ length: 6 }, (_, i) => {
        const x = 30 + ((i * 67 + seed * 13) % 180);
        const y = 20 + ((i * 29 + seed * 7) % 60);
        const k = 0.6 + (i % 3) * 0.3;
        return (
          <path key={i} transform={`translate(${x} ${y}) scale(${k})`} d="M0 3 C-3 0 -6 -1 -6 -3.5 C-6 -6 -3 -7 0 -4.5 C3 -7 6 -6 6 -3.5 C6 -1 3 0 0 3Z" fill="#e0405f" opacity={0.35 + (i % 3) * 0.2} />
        );
      })}
    </g>
  );
}

export function Trees() {
  return (
    <g>
      {[18, 210].map((x, i) => (
        <g key={x} transform={`translate(${x} ${118 + i * 6})`}>
          <rect x="-2" y="10" width="4" height="22" fill="#6b4f2e" />
          <circle r="16" fill="#5f9b57" />
          <circle cx="-8" cy="6" r="11" fill="#74b06a" />
          <circle cx="9" cy="5" r="10" fill="#4f8a48" />
        </g>
      ))}
      {[60, 90, 150, 180].map((x, i) => (
        <g key={x} transform={`translate(${x} ${160 + (i % 2) * 6})`}>
          <circle r="2.6" fill={i % 2 ? '#f7d774' : '#ffffff'} />
          <circle r="1" fill="#f2a541" />
        </g>
      ))}
    </g>
  );
}

/** Detail shots: rings, bouquet or cake in close-up instead of the couple. */
export function DetailProp({ kind }: { kind: number }) {
  if (kind === 0) {
    return (
      <g transform="translate(120 100)">
        <ellipse cx="0" cy="38" rx="70" ry="10" fill="#000" opacity=".08" />
        <circle cx="-16" cy="0" r="26" fill="none" stroke="#d9b26a" strokeWidth="8" />
        <circle cx="18" cy="6" r="22" fill="none" stroke="#c59a4b" strokeWidth="7" />
        <path d="M-22 -30 L-16 -40 L-10 -30 L-16 -24Z" fill="#e0f2fe" stroke="#93c5fd" />
      </g>
    );
  }
  if (kind === 1) {
    return (
      <g transform="translate(120 92)">
        <path d="M-8 20 L0 70 L8 20Z" fill="#7a9a65" />
        <path d="M-14 44 Q0 56 14 44 L10 58 Q0 64 -10 58Z" fill="#f3e9dc" />
        {[[-20, 0], [0, -12], [20, 0], [-10, 14], [10, 14], [0, 4], [-26, 18], [26, 18]].map(([x, y], i) => (
          <g key={i} transform={`translate(${x} ${y})`}>
            <circle r="13" fill={['#f4a3b5', '#fffaf5', '#e0405f', '#f7d6c5'][i % 4]} />
            <circle r="5" fill={['#e0405f', '#f4a3b5', '#fbcdd8', '#d9825b'][i % 4]} opacity=".8" />
          </g>
        ))}
      </g>
    );
  }
  return (
    <g transform="translate(120 150)">
      <rect x="-46" y="-30" width="92" height="30" rx="4" fill="#fffaf5" stroke="#e7d8cc" />
      <rect x="-34" y="-58" width="68" height="28" rx="4" fill="#fffaf5" stroke="#e7d8cc" />
      <rect x="-22" y="-82" width="44" height="24" rx="4" fill="#fffaf5" stroke="#e7d8cc" />
      <path d="M-46 -20 Q-23 -12 0 -20 T46 -20 M-34 -48 Q-17 -40 0 -48 T34 -48" stroke="#f4a3b5" strokeWidth="3" fill="none" />
      <circle cx="0" cy="-88" r="6" fill="#e0405f" />
      <ellipse cx="0" cy="2" rx="62" ry="6" fill="#000" opacity=".08" />
    </g>
  );
}
