import { statfs } from 'node:fs/promises';

/**
 * Bytes an unprivileged process may still write on the file system holding `dir` (the data
 * directory: upload temp files, local media and the embedded database all live there).
 */
async function freeDiskBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/**
 * How many more bytes may be written before the free-space floor is reached (0 or less: none).
 * One function for the upload check and for readiness probes, so both agree on "the disk is full".
 */
export async function diskHeadroom(dir: string, minFreeBytes: number): Promise<number> {
  return (await freeDiskBytes(dir)) - minFreeBytes;
}
