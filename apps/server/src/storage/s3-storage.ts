import { Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './content-disposition.ts';
import { assertValidKey, type Storage } from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Any S3-compatible store; media are served by presigned URLs straight from it. */
export function createS3Storage(options: S3StorageOptions): Storage & { origin: string | null } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Streamed bodies of unknown length must not be sent with aws-chunked checksum framing,
    // which several S3-compatible servers store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const isMissing = (error: unknown) =>
    error instanceof NotFound ||
    (error instanceof S3ServiceException &&
      (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'));

  return {
    origin: options.endpoint ? new URL(options.endpoint).origin : null,
    async put(key, body) {
      assertValidKey(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      body.on('error', (error) => counter.destroy(error));
      // Multipart upload in 8 MiB parts: a 100 MB video never sits in memory whole.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body.pipe(counter) },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (error) {
        // lib-storage aborts the multipart upload but leaves its source alone: without this, a failed
        // put would keep the upload's temp file open (and its disk space taken) until restart.
        counter.destroy();
        body.destroy();
        throw error;
      }
      return { size };
    },
    async get(key, range) {
      assertValidKey(key);
      const result = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return result.Body as Readable;
    },
    async stat(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, { expiresInSeconds, downloadName, contentType }) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(downloadName ? 'attachment' : 'inline', downloadName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}
