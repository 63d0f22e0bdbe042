import type sharpType from 'sharp';

let loaded: Promise<typeof sharpType> | undefined;

/**
 * sharp, loaded with the first image rather than at start: libvips keeps ~20 MB resident, and a
 * server that only answers the guest list or sends invitations never needs it. Images come from
 * untrusted input, so no libvips cache keeps decoded files between jobs.
 */
export function loadSharp(): Promise<typeof sharpType> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}
