import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

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
  return {
    bucket,
    /** Where s3rver keeps the objects: tests look there for anything left behind. */
    directory,
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver accepts its documented default credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
