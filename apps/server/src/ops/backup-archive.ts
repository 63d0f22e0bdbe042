import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { assertValidKey } from '../storage/storage.ts';

/**
 * One backup of an embedded installation (DATA_DIR) as a plain tar file:
 *   db/pgdata.tar.gz   PGlite's own dump of its data directory
 *   media/<key>        every stored object (local disk only)
 *   secret-key         the generated key that signs media URLs, when there is one
 *   manifest.json      last: format, time, and the size and SHA-256 of every entry above
 * Plain tar (no outer compression: photos and videos are already compressed), so `tar tf` lists it.
 */
const backupFormat = 'ani-kutusu-backup';
const dbEntry = 'db/pgdata.tar.gz';
const secretEntry = 'secret-key';
const manifestEntry = 'manifest.json';

type FileRecord = { size: number; sha256: string };
export type Manifest = {
  format: typeof backupFormat;
  version: 1;
  createdAt: string;
  /** Whether media are inside (local disk) or live in an S3-compatible store copied separately. */
  media: 'included' | 'external';
  files: Record<string, FileRecord>;
};

export class BackupError extends Error {}

/** Paths of every file under `root` (relative, `/`-separated), skipping the in-progress `.incoming` area. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((p) => !p.startsWith('.incoming/'))
    .sort();
}

function addBuffer(
  pack: tar.Pack,
  name: string,
  data: Buffer,
  files: Record<string, FileRecord>,
): Promise<void> {
  files[name] = { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: data.length, mode: 0o600 }, data, (e) => (e ? reject(e) : resolve())),
  );
}

/** Streams one file into the archive. Opened once: a rename over it meanwhile does not change what is read. */
async function addFile(
  pack: tar.Pack,
  name: string,
  file: string,
  files: Record<string, FileRecord>,
): Promise<boolean> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null; // removed after the listing: no row points to it
    throw error;
  });
  if (!handle) return false;
  try {
    const { size, mtime } = await handle.stat();
    const hash = createHash('sha256');
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (e) => (e ? reject(e) : resolve()));
      pipeline(
        handle.createReadStream({ start: 0, end: Math.max(0, size - 1), autoClose: false }),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            yield chunk;
          }
        },
        entry,
      ).catch(reject);
    });
    files[name] = { size, sha256: hash.digest('hex') };
    return true;
  } finally {
    await handle.close();
  }
}

/**
 * Writes the archive to `out`: the database first, then the objects. `hold` defers object
 * deletions until the copy is done, so every object a dumped row names is in the archive.
 */
export async function writeBackup(options: {
  dataDir: string;
  out: Writable;
  dumpDatabase: () => Promise<Blob>;
  mediaIncluded: boolean;
  hold?: () => () => void;
}): Promise<Manifest> {
  const pack = tar.pack();
  const piping = pipeline(pack, options.out);
  const release = options.hold?.() ?? (() => {});
  const files: Record<string, FileRecord> = {};
  try {
    const dump = Buffer.from(await (await options.dumpDatabase()).arrayBuffer());
    await addBuffer(pack, dbEntry, dump, files);
    if (options.mediaIncluded) {
      const mediaRoot = path.join(options.dataDir, 'media');
      for (const rel of await listFiles(mediaRoot))
        await addFile(pack, `media/${rel}`, path.join(mediaRoot, rel), files);
    }
    await addFile(pack, secretEntry, path.join(options.dataDir, secretEntry), files);
  } catch (error) {
    pack.destroy(error as Error);
    await piping.catch(() => undefined);
    throw error;
  } finally {
    release();
  }
  const manifest: Manifest = {
    format: backupFormat,
    version: 1,
    createdAt: new Date().toISOString(),
    media: options.mediaIncluded ? 'included' : 'external',
    files,
  };
  await addBuffer(pack, manifestEntry, Buffer.from(JSON.stringify(manifest, null, 2)), {});
  pack.finalize();
  await piping;
  return manifest;
}

/** Throws unless `dir` is absent or an empty directory. */
export async function assertEmptyDir(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new BackupError(`${dir} is not a directory`);
    throw error;
  });
  if (entries.length > 0) {
    throw new BackupError(
      `${dir} is not empty: restore only into an empty DATA_DIR, so nothing is overwritten or mixed`,
    );
  }
}

/** Where an archive entry may go: only the names a backup writes, never outside the staging dir. */
function checkEntryName(name: string): void {
  if (name === dbEntry || name === secretEntry) return;
  if (name.startsWith('media/')) {
    try {
      assertValidKey(name.slice('media/'.length));
      return;
    } catch {
      // fall through to the refusal
    }
  }
  throw new BackupError(`unexpected entry in the archive: ${JSON.stringify(name.slice(0, 200))}`);
}

/**
 * Restores an archive into an empty `dataDir`. Entries are unpacked into a staging directory and
 * checked against the manifest (every file, its size and SHA-256, nothing extra) before anything
 * is put in place; on any failure `dataDir` is left empty.
 */
export async function restoreBackup(options: { archive: Readable; dataDir: string }): Promise<Manifest> {
  const { dataDir } = options;
  await assertEmptyDir(dataDir);
  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  await mkdir(staging);
  try {
    const seen: Record<string, FileRecord> = {};
    let manifest: Manifest | null = null;
    const extract = tar.extract();
    const reading = pipeline(options.archive, extract);
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new BackupError(`unexpected ${type} entry in the archive`);
      if (manifest) throw new BackupError('entries after the manifest: the archive was altered');
      if (name === manifestEntry) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
        continue;
      }
      checkEntryName(name);
      if (seen[name]) throw new BackupError(`${name} appears twice in the archive`);
      const target = path.join(staging, name);
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        entry as unknown as Readable,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(target, { flags: 'wx', mode: 0o600 }),
      );
      seen[name] = { size, sha256: hash.digest('hex') };
    }
    await reading;
    if (!manifest || manifest.format !== backupFormat || manifest.version !== 1) {
      throw new BackupError('not an Anı Kutusu backup, or cut short (no manifest at its end)');
    }
    const expected = Object.keys(manifest.files).sort();
    const actual = Object.keys(seen).sort();
    if (expected.join('\n') !== actual.join('\n'))
      throw new BackupError('the archive does not hold the files its manifest lists');
    for (const name of expected) {
      const want = manifest.files[name]!;
      const got = seen[name]!;
      if (want.size !== got.size || want.sha256 !== got.sha256)
        throw new BackupError(`${name} differs from the manifest (damaged archive)`);
    }
    if (!seen[dbEntry]) throw new BackupError('the archive holds no database');

    // The database: PGlite loads its own dump into DATA_DIR/db.
    const dbDir = path.join(dataDir, 'db');
    // Loaded here, not at start: the running server only writes backups (PGlite dumps itself).
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({
      dataDir: dbDir,
      loadDataDir: new Blob([await readFile(path.join(staging, dbEntry))]),
    });
    await db.close();
    if (seen[secretEntry]) {
      await rename(path.join(staging, secretEntry), path.join(dataDir, secretEntry));
      await chmod(path.join(dataDir, secretEntry), 0o600);
    }
    if ((await stat(path.join(staging, 'media')).catch(() => null))?.isDirectory()) {
      await rename(path.join(staging, 'media'), path.join(dataDir, 'media'));
    }
    await rm(staging, { recursive: true, force: true });
    return manifest;
  } catch (error) {
    // Back to empty: a half-restored DATA_DIR must never be started.
    for (const name of await readdir(dataDir))
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}

/** Reads a backup's manifest without restoring it (the last entry of the tar). */
export async function readManifest(file: string): Promise<Manifest | null> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  let manifest: Manifest | null = null;
  for await (const entry of extract) {
    if (entry.header.name === manifestEntry) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
    } else entry.resume();
  }
  await reading;
  return manifest;
}
