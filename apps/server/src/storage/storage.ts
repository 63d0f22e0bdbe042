import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

type ByteRange = { start: number; end: number };
type ObjectStat = { size: number; mtime: Date };
type SignedUrlOptions = { expiresInSeconds: number; downloadName?: string; contentType?: string };

/** Where media bytes live. Local disk by default; an S3-compatible store implements the same contract. */
export interface Storage {
  put(key: string, body: Readable): Promise<{ size: number }>;
  /**
   * Optional fast path for a finished local file (an upload's temp file): local disk renames it into
   * place instead of copying. The file is consumed (moved or left for the caller to remove).
   */
  putFile?(key: string, filePath: string): Promise<void>;
  /** Local disk only: the file holding a key, for serving it without a stream in between. */
  localPath?(key: string): string;
  /** `range` is inclusive on both ends, as in an HTTP Range header. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<ObjectStat | null>;
  delete(key: string): Promise<void>;
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

/** The shape of every key we generate: lower-case ASCII path segments, no "..", no empty segment. */
export function isValidObjectKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9/_.-]*$/.test(key) && !key.includes('..') && !key.includes('//');
}

/** Object keys are always generated here, never derived from user input. */
export function newObjectKey(prefix: string, extension?: string): string {
  const key = `${prefix}/${randomUUID()}${extension ? `.${extension}` : ''}`;
  assertValidKey(key);
  return key;
}

export function assertValidKey(key: string): void {
  if (!isValidObjectKey(key)) {
    throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  }
}
