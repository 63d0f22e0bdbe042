import { memo, useEffect, useRef, useState } from 'react';
import type { WallItem } from '@ani/contract/live';
import { shownUploader } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { cn } from '../../../lib/cn';

const m = messages.wall;

export type SlideRole = 'current' | 'leaving' | 'upcoming';

/**
 * One picture of the wall. The same element goes from `upcoming` (loaded out of sight, so the next
 * slide is decoded before it is needed) to `current` (faded in over the one leaving) to `leaving`
 * (kept under the new one until its fade ends), then it is unmounted: at most three media elements live.
 */
export const WallSlide = memo(function WallSlide({
  item,
  role,
  fadeMs,
  paused,
  onEnded,
  onFailed,
}: {
  item: WallItem;
  role: SlideRole;
  fadeMs: number;
  paused: boolean;
  onEnded: (id: string) => void;
  onFailed: (id: string) => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  // The address it was mounted with: a periodic re-read signs new URLs, and swapping the source of a
  // picture on screen would reload it.
  const [src] = useState(item.url);
  // A picture that failed to load hides at once, whatever its role: a TV must never show the
  // browser's broken-image icon and alt text (the wall unmounts it too, and passes over it).
  const [broken, setBroken] = useState(false);
  const fail = () => {
    setBroken(true);
    onFailed(item.id);
  };
  const current = role === 'current';

  useEffect(() => {
    if (!current || fadeMs <= 0) return;
    const animation = layer.current?.animate?.([{ opacity: 0 }, { opacity: 1 }], {
      duration: fadeMs,
      easing: 'ease-in-out',
    });
    return () => animation?.cancel();
  }, [current, fadeMs]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (current && !paused) void v.play().catch(() => undefined);
    else v.pause();
  }, [current, paused]);

  useEffect(() => {
    const v = video.current;
    // A detached <video> can hold its decoder and buffer until collected; emptying it frees them now.
    return () => {
      if (!v) return;
      v.removeAttribute('src');
      v.load();
    };
  }, []);

  // The stored 'anonymous' (a guest who gave no name) reads "Misafir", as everywhere a name is shown.
  const name = shownUploader(item.uploader);
  const note = item.note?.trim() || null;
  const alt = note ?? (name ? m.slideLabel.replace('{isim}', name) : '');
  return (
    <div
      ref={layer}
      data-testid={current ? 'wall-slide' : undefined}
      data-id={item.id}
      aria-hidden={current ? undefined : true}
      hidden={broken}
      className={cn('absolute inset-0', current ? 'z-20' : role === 'leaving' ? 'z-10' : 'z-0 opacity-0')}
    >
      {item.type === 'video' ? (
        <video
          ref={video}
          src={src}
          poster={item.posterUrl ?? undefined}
          muted
          playsInline
          preload="auto"
          aria-label={alt || undefined}
          onEnded={() => onEnded(item.id)}
          onError={fail}
          className="absolute inset-0 h-full w-full object-contain"
        />
      ) : (
        <img
          src={src}
          alt={alt}
          decoding="async"
          onError={fail}
          className="absolute inset-0 h-full w-full object-contain"
        />
      )}
      {/* While the controls show (someone moved the mouse or pressed a key), the caption rises above
          them instead of running under them; the page sets --wall-controls-space. It keeps left of the
          QR card, which grows on a large screen (--wall-qr, its side). The photo is the show: a long
          name keeps to one line (two on a phone) and a long note to two, or the two would cover much
          of the picture. */}
      {name || note ? (
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/35 to-transparent pt-[12vh] pr-[max(min(30vw,18rem),calc(var(--wall-qr,0px)+5vw))] pb-[calc(4vh+var(--wall-controls-space,0px))] pl-[4vw] transition-[padding] duration-500">
          {name ? (
            <p
              className="line-clamp-2 font-display text-[clamp(1.25rem,3vw,3rem)] leading-tight font-semibold break-words drop-shadow-lg sm:line-clamp-1"
              data-testid="wall-uploader"
            >
              {name}
            </p>
          ) : null}
          {note ? (
            <p
              className="mt-1 line-clamp-2 max-w-[60ch] break-words text-[clamp(1rem,1.8vw,1.75rem)] leading-snug text-white/90 italic drop-shadow"
              data-testid="wall-note"
            >
              “{note}”
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
