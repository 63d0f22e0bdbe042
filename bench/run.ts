// `npm run bench`: each benchmark in turn, in its own Node process (so one's memory does not skew
// the next's RSS), loopback only, each bounded in time. Size knobs: ZIP_BENCH_MB (default 2048),
// ALBUM_BENCH_ITEMS (10000), ALBUM_BENCH_REQUESTS (300), THUMB_BENCH_SECONDS (8), LANDING_BENCH_RUNS (3),
// SOAK_HOURS (2.5) and SOAK_ALBUM (300) for the wall soak (needs a built apps/web/dist);
// BENCH_DATABASE_URL (PostgreSQL for the idle-memory figure). Serving baselines need nginx-light and wrk (Debian).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = [
  'upload.bench.ts',
  'tus.bench.ts',
  'zip.bench.ts',
  'album-page.bench.ts',
  'thumbnails.bench.ts',
  'covers.bench.ts',
  'wedding-peak.bench.ts',
  'album-scale.bench.ts',
  'media-serving.bench.ts',
  'accounts.bench.ts',
  'abuse.bench.ts',
  'landing.bench.ts',
  'phone-burst.bench.ts',
  'idle-memory.bench.ts',
  'wall-soak.bench.ts',
];
const only = process.argv.slice(2);
let failed = 0;
for (const bench of benches) {
  if (only.length && !only.some((o) => bench.startsWith(o))) continue;
  const result = spawnSync(process.execPath, ['--expose-gc', path.join(import.meta.dirname, bench)], {
    stdio: 'inherit',
    timeout: 10 * 60 * 1000,
  });
  if (result.status !== 0) {
    failed++;
    console.error(`\n${bench} failed (${result.signal ?? `exit ${result.status}`})`);
  }
}
process.exit(failed ? 1 : 0);
