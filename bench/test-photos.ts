// 12-megapixel JPEGs made in the run (no binary photos in the repository), written as a phone
// writes them: 4000x3000, baseline, quality 92, 4:2:0 chroma, EXIF orientation 6 (held upright).
import sharp from 'sharp';

const width = 4000;
const height = 3000;

/** mulberry32: a seeded generator, so every run measures the same picture. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function writeAsPhone(pixels: Buffer, file: string) {
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
    .withMetadata({ orientation: 6 })
    .toFile(file);
}

/**
 * A detailed scene with the statistics of a photograph: the "dead leaves" model (opaque discs whose
 * radii follow a power law, painted over each other) is scale-invariant with a 1/f spectrum and sharp
 * occlusion edges at every size, as natural images are; a slight lens blur and sensor grain finish
 * it. At 3.4 MB it is as heavy as a detailed 12 MP phone photo (a crowd, flowers, confetti).
 */
export async function phoneLikePhoto(file: string): Promise<{ size: number }> {
  const random = seeded(2026);
  const discs: string[] = [];
  const rMin = 4;
  const rMax = 900;
  for (let i = 0; i < 60_000; i++) {
    // Inverse-CDF sampling of a density proportional to r^-3 between rMin and rMax.
    const r = 1 / Math.sqrt(1 / rMin ** 2 - random() * (1 / rMin ** 2 - 1 / rMax ** 2));
    const fill = `hsl(${Math.floor(random() * 360)},${Math.floor(15 + random() * 50)}%,${Math.floor(20 + random() * 60)}%)`;
    discs.push(
      `<circle cx="${(random() * width).toFixed(1)}" cy="${(random() * height).toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#808080"/>${discs.join('')}</svg>`;
  const pixels = await sharp(Buffer.from(svg), { limitInputPixels: false })
    .removeAlpha()
    .blur(1.2)
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) {
    // Grain with a standard deviation of about 4 levels, as a phone sensor leaves after its denoising.
    pixels[i] = Math.max(0, Math.min(255, pixels[i]! + (random() + random() + random() - 1.5) * 8));
  }
  return writeAsPhone(pixels, file);
}

/**
 * The worst case: random colours at 1/10 of the size, scaled up, so full-contrast detail fills every
 * block and neither JPEG nor WebP can compress anything away. No photograph is this dense.
 */
export async function denseNoisePhoto(file: string): Promise<{ size: number }> {
  const random = seeded(7);
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (random() * 255) | 0;
  const pixels = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return writeAsPhone(pixels, file);
}
