import { stockCovers, stockCoverSet, type CoverSet } from '@ani/contract/events';
import { coverJpegWidth } from '../media/media.public.ts';

/** What a custom cover is stored as: a key prefix naming its content and the widths it was made in. */
export type StoredCover = { coverKey: string; coverWidths: number[] };

/** Storage prefix of a custom cover: one folder per event, one name per content. */
export const coverKeyOf = (eventId: string, version: string) => `covers/${eventId}/${version}`;

const formats = ['avif', 'webp'] as const;

/** Every object of a stored cover (AVIF and WebP per width, one JPEG), for writing and removal. */
export function coverObjectKeys({ coverKey, coverWidths }: StoredCover): string[] {
  return [
    ...coverWidths.flatMap((w) => formats.map((f) => `${coverKey}-${w}.${f}`)),
    `${coverKey}-${coverJpegWidth(coverWidths)}.jpg`,
  ];
}

/** The public URL of one cover object: the key's last part under the event's cover route. */
function coverUrl(eventId: string, key: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/cover/${key.slice(key.lastIndexOf('/') + 1)}`;
}

/** The `<picture>` sources of an event's cover: its custom one when set, else its stock cover. */
export function coverSetOf(row: {
  id: string;
  coverImage: string;
  coverKey: string | null;
  coverWidths: number[] | null;
}): CoverSet {
  if (row.coverKey && row.coverWidths?.length) {
    const { coverKey, coverWidths } = row;
    const srcSet = (ext: string) =>
      coverWidths.map((w) => `${coverUrl(row.id, `${coverKey}-${w}.${ext}`)} ${w}w`).join(', ');
    return {
      src: coverUrl(row.id, `${coverKey}-${coverJpegWidth(coverWidths)}.jpg`),
      srcSetWebp: srcSet('webp'),
      srcSetAvif: srcSet('avif'),
    };
  }
  // A stored path that is no longer a stock cover cannot happen (the contract refuses it); the
  // first stock cover keeps the page whole if it ever does.
  return stockCoverSet(row.coverImage) ?? stockCoverSet(stockCovers[0]!)!;
}
