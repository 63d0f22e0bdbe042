import type { ImgHTMLAttributes } from 'react';
// Type only: the guest upload page renders this and must not load zod with the contract's schemas.
import type { CoverSet } from '@ani/contract/events';

/**
 * An event's cover, stock or custom alike, as a responsive picture: AVIF where the browser reads it,
 * WebP otherwise, the JPEG for the rest, each in the width `sizes` asks for (never the original).
 * The wrapper is `display: contents`, so the <img> lays out exactly as it would on its own
 * (absolutely behind a header, or as a thumbnail). `priority` is for the page's LCP image: fetched
 * at high priority and never lazily; every other cover loads lazily.
 */
export function CoverPicture({
  cover,
  sizes,
  priority = false,
  alt = '',
  ...img
}: {
  cover: CoverSet;
  sizes: string;
  priority?: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'>) {
  return (
    <picture className="contents">
      <source className="hidden" type="image/avif" srcSet={cover.srcSetAvif} sizes={sizes} />
      <source className="hidden" type="image/webp" srcSet={cover.srcSetWebp} sizes={sizes} />
      <img
        {...img}
        alt={alt}
        src={cover.src}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
      />
    </picture>
  );
}
