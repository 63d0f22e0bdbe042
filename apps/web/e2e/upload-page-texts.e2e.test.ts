import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import * as guestMessages from '@ani/contract/messages-guest';

// globalSetup has just built dist/. The guest page takes its texts from '@ani/contract/messages-guest';
// the whole messages module would add ~8 kB gzip of other screens' texts to what a phone at the venue
// loads, too little for the page's 150 kB budget to notice, so this looks for those texts themselves.
const dist = path.resolve(import.meta.dirname, '../dist');

/**
 * The page's scripts and every chunk they import, statically or later (`import()`: the upload
 * steps and "Yüklediklerim" load when a guest uploads), read from the built files.
 */
function guestScripts(): Map<string, string> {
  const html = readFileSync(path.join(dist, 'upload.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const read = new Map<string, string>();
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (read.has(file)) continue;
    const js = readFileSync(path.join(dist, file), 'utf8');
    read.set(file, js);
    for (const [, ref] of js.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)[`"'](\.\/[^`"']+\.js)[`"']/g))
      queue.push(path.posix.join(path.posix.dirname(file), ref!));
  }
  return read;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
}

describe('guest upload page bundle', () => {
  it("carries the guest page's texts and none of the contract's texts for other screens", () => {
    const scripts = guestScripts();
    // The chunks loaded on demand are among them.
    const names = [...scripts.keys()].map((file) => path.basename(file));
    expect(names.some((name) => name.startsWith('run-upload-'))).toBe(true);
    expect(names.some((name) => name.startsWith('my-uploads-'))).toBe(true);
    const js = [...scripts.values()].join('\n');

    const guest = new Set(strings(guestMessages));
    expect([...guest].filter((text) => !js.includes(text))).toEqual([]);
    // Single words ("Dosya", "Albüm") and short phrases the page also says in its own words are no sign.
    const others = strings(messages).filter((text) => text.length >= 20 && !guest.has(text));
    expect(others.length).toBeGreaterThan(200);
    expect(others.filter((text) => js.includes(text))).toEqual([]);
  });
});
