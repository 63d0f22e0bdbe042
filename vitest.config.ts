import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace: contract unit tests, server integration
// tests, web component tests and the browser journeys.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.e2e.config.ts',
    ],
  },
});
