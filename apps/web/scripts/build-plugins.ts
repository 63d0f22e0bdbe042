// Build steps for the first page's speed (see docs/decisions/0070-landing-page-weight.md): font
// preloads in index.html, the landing page prerendered into it, the guest upload page built on its own
// with Preact (docs/decisions/0117), and pre-compressed copies of every text file the server sends.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build, type InlineConfig, type Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` for the built font files whose source name matches, so the
 * browser fetches them with the HTML instead of after the CSS has arrived and the page has rendered:
 * without it, the heading paints in the fallback font and the layout shifts when the font swaps in.
 */
export function preloadFonts(sourceNames: RegExp): Plugin {
  return {
    name: 'ani:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.values(ctx.bundle ?? {})
          .filter(
            (file) => file.type === 'asset' && file.originalFileNames.some((name) => sourceNames.test(name)),
          )
          .map((file) => file.fileName)
          .sort();
        if (files.length === 0) throw new Error(`no built font matches ${sourceNames}`);
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${fileName}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Renders the landing page at build time (src/prerender.tsx, built for Node with the same asset
 * names as the client build) into dist/index.html, so a visitor sees the page, and its largest text,
 * as soon as the HTML and CSS arrive rather than after the JavaScript has run. The shell is kept as
 * dist/app.html, which the server sends for every other address, with the app's loading state in it
 * (the router shows the same until the page's chunk is there), so those addresses are not blank while
 * the scripts download; only it keeps the app's modulepreloads.
 */
export function prerenderLanding(): Plugin {
  return afterAppBuild('ani:prerender-landing', async ({ root, outDir, base }) => {
    // Inside the app, so Node resolves the packages the server build leaves external.
    const ssrDir = mkdtempSync(path.join(root, '.prerender-'));
    try {
      await build({
        ...base,
        plugins: [react()],
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, assetsInlineLimit: 0 },
      });
      const entry = readdirSync(ssrDir).find((name) => /^prerender\.m?js$/.test(name));
      if (!entry) throw new Error(`prerender build wrote no entry in ${ssrDir}`);
      const { renderLandingPage, renderAppShell } = (await import(
        pathToFileURL(path.join(ssrDir, entry)).href
      )) as { renderLandingPage: () => string; renderAppShell: () => string };
      const indexFile = path.join(outDir, 'index.html');
      const shell = readFileSync(indexFile, 'utf8');
      const marker = '<div id="root"></div>';
      if (!shell.includes(marker)) throw new Error(`index.html has no ${marker}`);
      writeFileSync(
        path.join(outDir, 'app.html'),
        shell.replace(marker, `<div id="root">${renderAppShell()}</div>`),
      );
      // The landing page starts the app only when the visitor is about to use it (main.tsx, decision
      // 0118): preloading the app's chunks with the page would spend a slow connection's first
      // seconds, and the main thread's, on code most visitors of this page never run.
      const landing = shell.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      writeFileSync(indexFile, landing.replace(marker, `<div id="root">${renderLandingPage()}</div>`));
    } finally {
      rmSync(ssrDir, { recursive: true, force: true });
    }
  });
}

/**
 * Builds the guest upload page (upload.html, src/upload-main.tsx) into the same output folder, with
 * Preact's React compatibility layer in place of React. The page is what a phone at the venue opens
 * from the table card's QR code: React's DOM runtime alone is 60 kB compressed and its first render a
 * long task on a slow phone, Preact is a tenth of that and runs the same components. The rest of the
 * app keeps React (its router and dialogs use React 19 features Preact does not have). The server
 * sends upload.html for the QR code's address only.
 */
export function buildGuestUploadPage(): Plugin {
  return afterAppBuild('ani:guest-upload-page', async ({ root, outDir, base }) => {
    await build({
      ...base,
      // public/ was copied by the app's build.
      publicDir: false,
      plugins: [react(), tailwindcss()],
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
          { find: /^react$/, replacement: 'preact/compat' },
          // No class-name merging on this page: see src/lib/join-classes.ts.
          { find: /^tailwind-merge$/, replacement: path.join(root, 'src/lib/join-classes.ts') },
        ],
      },
      build: {
        outDir,
        emptyOutDir: false,
        assetsInlineLimit: 0,
        rollupOptions: { input: path.join(root, 'upload.html') },
      },
    });
  });
}

/**
 * A plugin that runs a second Vite build of its own once the app's bundle is written (before
 * `precompress`, so its files are compressed too). `base` is what such a build shares with the app's:
 * the same root and mode, and no vite.config.ts, whose plugins would run this one again.
 */
function afterAppBuild(
  name: string,
  run: (build: { root: string; outDir: string; base: InlineConfig }) => Promise<void>,
): Plugin {
  let root = '';
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler: () =>
        run({ root, outDir, base: { configFile: false, root, logLevel: 'warn', mode: 'production' } }),
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` for the chunks the entry imports dynamically for the whole app
 * (boot.tsx, which main.tsx starts after the first paint) and everything they import, so they download
 * with the HTML and are only evaluated later. The prerendered landing page drops them again
 * (`prerenderLanding`): there the app starts on demand.
 */
export function preloadDeferredEntry(): Plugin {
  return {
    name: 'ani:preload-deferred-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const entry = ctx.chunk;
        if (!entry || entry.type !== 'chunk') return [];
        const seen = new Set<string>([entry.fileName, ...entry.imports]);
        const queue = entry.dynamicImports.filter((fileName) =>
          (bundle[fileName] as { facadeModuleId?: string } | undefined)?.facadeModuleId?.endsWith(
            '/src/boot.tsx',
          ),
        );
        if (queue.length !== 1) throw new Error('the entry does not import src/boot.tsx dynamically');
        const files: string[] = [];
        while (queue.length) {
          const fileName = queue.shift()!;
          const chunk = bundle[fileName];
          if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') continue;
          seen.add(fileName);
          files.push(fileName);
          queue.push(...chunk.imports);
        }
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const compressible = /\.(?:html|js|css|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build (only when smaller). The
 * server serves them as they are (`preCompressed` in @fastify/static): compressed once at the best
 * level here, instead of on every request or not at all.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ani:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!compressible.test(file)) continue;
          const bytes = readFileSync(file);
          const br = brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          const gz = gzipSync(bytes, { level: 9 });
          if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
          if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
