// Rasterises the logo (assets-src/logo.svg) to public/logo.png. Run: node apps/web/scripts/make-logo.mjs
import sharp from 'sharp';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
await sharp(path.join(web, 'assets-src/logo.svg'), { density: 300 })
  .resize(192, 192)
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(web, 'public/logo.png'));
