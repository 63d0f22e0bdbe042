import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (built SPA + API, fresh data dir) shared by every test file,
// files run one after another because they share that server and the machine has few cores.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
