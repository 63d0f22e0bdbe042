import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import {
  buildGuestUploadPage,
  precompress,
  preloadDeferredEntry,
  prerenderLanding,
  preloadFonts,
} from './scripts/build-plugins.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every page shows both families at once (body text and headings), Turkish letters included.
    preloadFonts(/assets\/fonts\/[\w-]+\.woff2$/),
    preloadDeferredEntry(),
    prerenderLanding(),
    buildGuestUploadPage(),
    precompress(),
  ],
  server: {
    // The API runs as its own process in development; the browser sees one origin, as in production.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Never inline images as base64 into the JS: they would count against the landing page's first
    // bundle (and gzip badly); as files they load lazily and cache on their own.
    assetsInlineLimit: 0,
  },
});
