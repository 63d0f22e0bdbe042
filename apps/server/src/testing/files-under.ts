import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file below `dir`, as paths, and none when `dir` is not there (nothing was ever written):
 * tests check with it that storage and temp directories were left empty. Paths rather than names,
 * so a failing check says where the leftover is.
 */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
