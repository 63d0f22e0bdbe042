// Reports what the landing page downloads first: the entry script, the chunks it preloads and the
// CSS, each gzip-compressed (level 9), from the production build in dist/.
// Run after `vite build`: node apps/web/scripts/bundle-report.mjs  (exits 1 above the 200 kB budget)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const budgetKb = 200;
let js = 0;
let css = 0;
for (const ref of new Set(refs)) {
  const bytes = readFileSync(path.join(dist, ref));
  const gz = gzipSync(bytes, { level: 9 }).length;
  if (ref.endsWith('.js')) js += gz;
  else css += gz;
  console.log(
    `${(gz / 1024).toFixed(1).padStart(7)} kB gzip  ${(bytes.length / 1024).toFixed(1).padStart(7)} kB raw  ${ref}`,
  );
}
console.log(
  `initial JS ${(js / 1024).toFixed(1)} kB gzip, CSS ${(css / 1024).toFixed(1)} kB gzip (budget ${budgetKb} kB JS)`,
);
if (js / 1024 > budgetKb) process.exit(1);
