import type { ImgHTMLAttributes } from 'react';
import type { ArtName } from '../content';

// Every generated file of scripts/make-art.mjs, by path: scenes come at 800 and 400 px wide
// (`name.webp`, `name-400.webp`) and each also as AVIF; portraits at one size.
const files = import.meta.glob<string>('../../../assets/art/*.{webp,avif}', {
  eager: true,
  query: '?url',
  import: 'default',
});

function file(name: string, format: 'webp' | 'avif'): string {
  const url = files[`../../../assets/art/${name}.${format}`];
  if (!url) throw new Error(`no art file ${name}.${format}; run scripts/make-art.mjs`);
  return url;
}

function srcSet(name: ArtName, format: 'webp' | 'avif'): string {
  const small = files[`../../../assets/art/${name}-400.${format}`];
  return small ? `${small} 400w, ${file(name, format)} 800w` : file(name, format);
}

/**
 * One of the marketing illustrations as a responsive picture: AVIF where the browser reads it, WebP
 * otherwise, and the width that fits `sizes` (a phone mockup's thumbnail takes the 400 px file). The
 * wrapper is `display: contents` and the <source> `display: none` (it would otherwise take a grid
 * cell), so the <img> lays out exactly as it would on its own.
 */
export function ArtPicture({
  name,
  sizes,
  ...img
}: { name: ArtName; sizes: string } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <picture className="contents">
      <source className="hidden" type="image/avif" srcSet={srcSet(name, 'avif')} sizes={sizes} />
      <img {...img} src={file(name, 'webp')} srcSet={srcSet(name, 'webp')} sizes={sizes} />
    </picture>
  );
}
