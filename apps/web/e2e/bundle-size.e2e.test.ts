import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// globalSetup has just built dist/; this guards the landing page's first-load budget (issue 4).
const dist = path.resolve(import.meta.dirname, '../dist');

describe('landing page bundle', () => {
  it('loads under 200 kB of gzip JavaScript before any lazy route', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const gzipBytes = [...new Set(scripts)].reduce((sum, ref) => sum + gzipSync(readFileSync(path.join(dist, ref)), { level: 9 }).length, 0);
    expect(gzipBytes / 1024).toBeLessThan(200);
  });
});
