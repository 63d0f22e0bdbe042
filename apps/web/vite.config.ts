import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
