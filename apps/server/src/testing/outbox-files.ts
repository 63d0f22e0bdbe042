import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The first `.eml` in a server's outbox folder, waited for: account mails leave through the job
 * runner, a moment after the request that caused them has been answered.
 */
export async function firstOutboxMail(dataDir: string, attempts = 100): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < attempts; i++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const eml = files.filter((f) => f.endsWith('.eml')).sort()[0];
    if (eml) return readFile(path.join(dir, eml), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail in ${dir}`);
}
