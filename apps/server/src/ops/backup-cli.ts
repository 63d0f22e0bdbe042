import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadOperationsConfig } from '../config.ts';
import { assertEmptyDir, BackupError, readManifest, restoreBackup, writeBackup } from './backup-archive.ts';
import { DataDirInUseError, openControlSocket, requestBackup } from './control-socket.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded installation
 * (PGlite and media under DATA_DIR). See docs/operations.md.
 */
const [command, fileArg] = process.argv.slice(2);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if ((command !== 'backup' && command !== 'restore') || !fileArg) {
  fail('usage: npm run backup -- <file.tar>   |   npm run restore -- <file.tar>');
}

let config: ReturnType<typeof loadOperationsConfig>;
try {
  config = loadOperationsConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (config.databaseUrl) {
  fail(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump and the media store as described in docs/operations.md.',
  );
}
// npm runs scripts from the repository root, as `npm start` does: relative paths mean the same.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function summary(): Promise<string> {
  const manifest = await readManifest(file);
  const count = Object.keys(manifest?.files ?? {}).filter((name) => name.startsWith('media/')).length;
  return `${count} media files, ${megabytes((await stat(file)).size)}${manifest?.media === 'external' ? '; media live in STORAGE_URL: copy that store too' : ''}`;
}

async function backup(): Promise<void> {
  if (existsSync(file)) fail(`${file} already exists; choose a new name.`);
  if (await requestBackup(config.dataDir, file)) {
    process.stdout.write(`Backup written by the running server to ${file} (${await summary()}).\n`);
    return;
  }
  // No server: this process takes the DATA_DIR lock (a server starting now refuses) and dumps it.
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION')))
    fail(`No embedded database in ${config.dataDir}: nothing to back up.`);
  const control = await openControlSocket(config.dataDir);
  const partial = `${file}.partial`;
  const db = await PGlite.create({ dataDir: path.join(config.dataDir, 'db') });
  try {
    await writeBackup({
      dataDir: config.dataDir,
      out: createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      dumpDatabase: () => db.dumpDataDir('gzip'),
      mediaIncluded: !config.externalStorage,
    });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await db.close();
    await control.close();
  }
  process.stdout.write(`Backup written to ${file} (${await summary()}).\n`);
}

async function restore(): Promise<void> {
  await assertEmptyDir(config.dataDir);
  const manifest = await restoreBackup({ archive: createReadStream(file), dataDir: config.dataDir });
  const count = Object.keys(manifest.files).filter((name) => name.startsWith('media/')).length;
  process.stdout.write(
    `Restored ${file} (taken ${manifest.createdAt}) into ${config.dataDir}: database, ${count} media files` +
      `${manifest.files['secret-key'] ? ', secret key' : ''}. Start the server with npm start.\n`,
  );
}

try {
  await (command === 'backup' ? backup() : restore());
} catch (error) {
  fail(
    error instanceof BackupError || error instanceof DataDirInUseError
      ? error.message
      : `${command} failed: ${String(error)}`,
  );
}
