// Detail shots: a single object in close-up (rings, shoes, cake…) instead of the couple.

export type DetailKind = 'rings' | 'bouquet' | 'shoes' | 'cufflinks' | 'hands' | 'lace' | 'cake';

const SKIN = '#f1c7a6';
const SKIN2 = '#d9a67f';

export function DetailShot({ kind }: { kind: DetailKind }) {
  switch (kind) {
    case 'rings':
      return (
        <g data-part="rings">
          <path d="M30 150Q60 96 130 104T220 128V180H30Z" fill={SKIN} />
          <circle cx="108" cy="88" r="22" fill="none" stroke="#e2bb6a" strokeWidth="8" />
          <circle cx="140" cy="96" r="18" fill="none" stroke="#c99a45" strokeWidth="7" />
          <path d="M100 64l8-10 8 10-8 6Z" fill="#e0f2fe" stroke="#93c5fd" />
        </g>
      );
    case 'bouquet':
      return (
        <g data-part="bouquet-detail" transform="translate(120 84)">
          <path d="M-10 24L0 80 10 24Z" fill="#6f8f5a" />
          <path d="M-12 46Q0 56 12 46L22 70 8 60 0 58-8 60-22 70Z" fill="#f4a3b5" data-part="ribbon" />
          {[
            [-22, 0],
            [0, -14],
            [22, 0],
            [-11, 16],
            [11, 16],
            [0, 2],
            [-30, 18],
            [30, 18],
          ].map(([x, y], i) => (
            <g key={i} transform={`translate(${x} ${y})`}>
              <circle r="14" fill={['#f4a3b5', '#fffaf5', '#e0405f', '#f7d6c5'][i % 4]} />
              <circle r="5" fill={['#e0405f', '#f4a3b5', '#fbcdd8', '#d9825b'][i % 4]} opacity=".8" />
            </g>
          ))}
        </g>
      );
    case 'shoes':
      return (
        <g data-part="shoes">
          {[70, 136].map((x) => (
            <g key={x} transform={`translate(${x} 112)`}>
              <path d="M0 30Q4 4 30 0Q40 14 60 22Q66 30 58 34H8Z" fill="#fffaf5" stroke="#e4d3c6" />
              <path d="M6 34L2 58" stroke="#e4d3c6" strokeWidth="4" strokeLinecap="round" />
              <circle cx="34" cy="10" r="4" fill="#e2bb6a" />
            </g>
          ))}
        </g>
      );
    case 'cufflinks':
      return (
        <g data-part="cufflinks">
          <path d="M0 70L150 60 160 130 0 140Z" fill="#262a40" />
          <path d="M150 58L180 56 188 132 160 132Z" fill="#f5f1ea" />
          <path d="M186 70Q230 80 236 98T190 126Z" fill={SKIN2} />
          <circle cx="170" cy="94" r="9" fill="#e2bb6a" stroke="#a57a2c" strokeWidth="2" />
        </g>
      );
    case 'hands':
      return (
        <g data-part="clasped-hands">
          <path d="M0 130Q60 110 100 104" stroke={SKIN} strokeWidth="26" strokeLinecap="round" fill="none" />
          <path
            d="M240 120Q180 106 140 104"
            stroke={SKIN2}
            strokeWidth="28"
            strokeLinecap="round"
            fill="none"
          />
          {[0, 1, 2, 3].map((i) => (
            <path
              key={i}
              d={`M${104 + i * 9} ${88}q6 14 0 28`}
              stroke={i % 2 ? SKIN2 : SKIN}
              strokeWidth="8"
              strokeLinecap="round"
              fill="none"
            />
          ))}
          <circle cx="128" cy="96" r="3.6" fill="none" stroke="#e2bb6a" strokeWidth="2" />
        </g>
      );
    case 'lace':
      return (
        <g data-part="lace">
          <path d="M0 0H240V150Q180 170 120 150T0 150Z" fill="#f5efe9" opacity=".28" />
          {Array.from({ length: 30 }, (_, i) => {
            const x = 20 + (i % 6) * 40 + (((i / 6) | 0) % 2) * 20;
            const y = 18 + ((i / 6) | 0) * 36;
            return (
              <g
                key={i}
                transform={`translate(${x} ${y})`}
                fill="none"
                stroke="#efe3d6"
                strokeWidth="1.2"
                opacity={y > 150 ? 0 : 0.8}
              >
                <circle r="9" />
                <path d="M0-9V9M-9 0H9M-6-6L6 6M6-6L-6 6" opacity=".6" />
              </g>
            );
          })}
        </g>
      );
    case 'cake':
      return (
        <g data-part="cake" transform="translate(110 150)">
          <rect x="-46" y="-30" width="92" height="30" rx="4" fill="#fffaf5" stroke="#e4d3c6" />
          <rect x="-34" y="-58" width="68" height="28" rx="4" fill="#fffaf5" stroke="#e4d3c6" />
          <rect x="-22" y="-82" width="44" height="24" rx="4" fill="#fffaf5" stroke="#e4d3c6" />
          <path
            d="M-46-20Q-23-12 0-20T46-20M-34-48Q-17-40 0-48T34-48"
            stroke="#f4a3b5"
            strokeWidth="3"
            fill="none"
          />
          <path d="M46-72L20-40" stroke="#c7ccd6" strokeWidth="4" strokeLinecap="round" data-part="knife" />
          <path d="M56-84L46-72" stroke="#e2bb6a" strokeWidth="6" strokeLinecap="round" />
          <path d="M60-6l22 0-6 -16Z" fill="#fffaf5" stroke="#e4d3c6" data-part="slice" />
        </g>
      );
  }
}
