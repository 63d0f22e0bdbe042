import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Node would load tus-js-client's Node build (http module); the page's tests need the browser's,
    // which sends with XMLHttpRequest like the built app does (src/test/fake-tus.ts answers it).
    alias: { 'tus-js-client': 'tus-js-client/lib.esm/browser/index.js' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A page's longer journeys (a countdown walked through with a fake clock) take a second or two
    // alone; on a two-core CI machine running every project at once they can take several times that.
    testTimeout: 15_000,
  },
});
