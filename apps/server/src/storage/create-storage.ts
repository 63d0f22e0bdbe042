import path from 'node:path';
import type { Config } from '../config.ts';
import { createUrlSigner } from '../http/signed-urls.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import type { Storage } from './storage.ts';

/** The configured store: S3-compatible when STORAGE_URL is set, else local disk under DATA_DIR/media. */
export async function createStorage(config: Config): Promise<Storage> {
  // The AWS SDK is loaded only for an S3 store: on local disk it would be ~15 MB of idle memory.
  if (config.s3) return (await import('./s3-storage.ts')).createS3Storage(config.s3);
  return createLocalDiskStorage({
    root: path.join(config.dataDir, 'media'),
    signer: createUrlSigner(config.secretKey),
  });
}

/** Where browsers fetch media from, for the Content-Security-Policy ('self' for local disk). */
export function mediaOrigin(config: Config): string | null {
  if (!config.s3) return null;
  if (config.s3.endpoint) return new URL(config.s3.endpoint).origin;
  return `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`;
}
