import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage } from '../storage/s3-storage.ts';
import type { Storage } from '../storage/storage.ts';

/** A real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, for storage tests. */
export async function startS3Server(bucket = 'ani-test') {
  const directory = await mkdtemp(path.join(tmpdir(), 'ani-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts its documented default credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    bucket,
    /** Where s3rver keeps the objects: tests look there for anything left behind. */
    directory,
    endpoint,
    ...credentials,
    /** The app's S3 storage on this bucket; path-style, as s3rver has no host name per bucket. */
    storage(): Storage {
      return createS3Storage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, ...credentials });
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
