import { QRCodeSVG } from 'qrcode.react';
import { cardInstruction, themeDataUrl, type CardTheme } from '../themes';

/** The printed card as the host will get it (A6 proportions), in the chosen theme. */
export function CardPreview({
  theme,
  names,
  date,
  link,
}: {
  theme: CardTheme;
  names: string;
  date: string;
  link: string;
}) {
  const dark = theme.id === 'gold';
  // data-paper: a picture of the printed card, light like the paper, in either theme.
  return (
    <figure
      aria-label="Masa kartı önizlemesi"
      data-testid="card-preview"
      data-paper
      className="mx-auto w-full max-w-[15rem] shrink-0"
    >
      <div className="relative aspect-[105/148] overflow-hidden rounded-lg shadow-xl shadow-black/30">
        <img src={themeDataUrl(theme, 210, 296)} alt="" className="absolute inset-0 h-full w-full" />
        <div
          className="absolute inset-[8%] flex flex-col items-center justify-center gap-1.5 rounded-xl px-3 text-center"
          style={{ background: dark ? 'rgba(14,17,32,0.82)' : 'rgba(255,255,255,0.88)', color: theme.ink }}
        >
          <span className="text-[9px] font-semibold tracking-wide">Anı Kutusu</span>
          <span className="font-display text-lg leading-tight font-bold">{names}</span>
          <span className="text-[10px] font-medium" style={{ color: theme.accent }}>
            {date}
          </span>
          <span className="mt-1 bg-white p-1">
            <QRCodeSVG value={link} size={84} level="H" title="Fotoğraf yükleme sayfasının QR kodu" />
          </span>
          <span className="mt-1 text-[8px] leading-snug">{cardInstruction}</span>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-stone-600 dark:text-stone-400">
        {theme.title}
      </figcaption>
    </figure>
  );
}
