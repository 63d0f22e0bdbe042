import type { KnipConfig } from 'knip';

// Dead-code check (`npm run knip`, run in CI): unused files, exports and dependencies per workspace.
// Entry points are every program and test the repository runs, so anything only they reach counts as used.
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['bench/*.bench.ts', 'scripts/*.mjs'],
      project: ['bench/**/*.ts', 'scripts/**/*.mjs'],
      // The benchmarks drive the server's own libraries from outside the server workspace, and the
      // landing bench runs the lighthouse program by its path.
      ignoreDependencies: ['sharp', 'drizzle-orm', 'lighthouse'],
    },
    'apps/server': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    'apps/web': {
      // src/prerender.tsx is built by the prerender plugin (scripts/build-plugins.ts) by its path, and
      // upload.html's entry by the guest page's build there, which also puts src/lib/join-classes.ts
      // in tailwind-merge's place.
      entry: [
        'src/**/*.test.{ts,tsx}',
        'e2e/**/*.e2e.test.ts',
        'scripts/*.mjs',
        'src/prerender.tsx',
        'src/upload-main.tsx',
        'src/lib/join-classes.ts',
      ],
      // The font subsetting script reads these packages' files by path, not by import; preact is what
      // the guest page's build resolves `react` to.
      ignoreDependencies: ['@fontsource-variable/inter', '@fontsource-variable/playfair-display', 'preact'],
      project: ['src/**/*.{ts,tsx,css}', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    },
    'packages/contract': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
  },
  // Programs from Debian packages (ffmpeg, poppler, util-linux, exiftool for tests that read photo
  // metadata independently of our own parser), not from npm; drizzle-kit is the
  // server workspace's, called from the root script that generates its migrations.
  ignoreBinaries: ['ffmpeg', 'pdftoppm', 'mount', 'umount', 'exiftool', 'drizzle-kit'],
};

export default config;
