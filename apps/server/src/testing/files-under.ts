import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file below `dir`, as paths, and none when `dir` is not there (nothing was ever written):
 * tests check with it that storage and temp directories were left empty. Paths rather than names,
 * so a failing check says where the leftover is.
 */
export async function filesUnder(dir: string): Promise<string[]> {
  // Only a missing directory counts as empty: any other failure would let an "all removed" check pass.
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
