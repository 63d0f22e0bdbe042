import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, MemoryLocker } from '@tus/server';
import { describe, expect, it } from 'vitest';
import type { StagingStore } from './staging-store.ts';
import { createTusWrites } from './tus-writes.ts';

const tusHeaders = { 'tus-resumable': '1.0.0' };

/** A request carrying `body` (all of it sent) with these headers. */
function incoming(headers: Record<string, string>, body?: Buffer): IncomingMessage {
  const stream = new PassThrough();
  stream.end(body);
  return Object.assign(stream, { headers }) as unknown as IncomingMessage;
}

/** The writes over a store that keeps only a count, with `finished` uploads answered by `create`. */
function setup(finished: boolean) {
  const spent: [string, number][] = [];
  const staged = new Map<string, number>();
  const store = {
    async create(upload: { id: string }) {
      staged.set(upload.id, 0);
    },
    async stagedBytes(uploadId: string) {
      return staged.get(uploadId) ?? null;
    },
    async write(body: Readable, uploadId: string, offset: number) {
      let bytes = 0;
      for await (const chunk of body) bytes += (chunk as Buffer).length;
      staged.set(uploadId, offset + bytes);
      return offset + bytes;
    },
  } as unknown as StagingStore;
  const expiresAt = new Date(Date.now() + 60_000);
  const writes = createTusWrites({
    store,
    locker: new MemoryLocker(),
    path: '/api/uploads',
    maxSize: 10_000,
    create: async () =>
      finished
        ? { finished: { uploadId: 'earlier', headers: { 'upload-outcome': 'accepted' } } }
        : { known: undefined, expiresAt },
    beforeWrite: async () => ({ known: undefined, length: 1000, expiresAt }),
    finish: async () => ({ 'upload-outcome': 'accepted' }),
    spent: async (ip, bytes) => void spent.push([ip, bytes]),
  });
  return { writes, spent, staged };
}

describe('a creation for a file whose earlier upload was committed', () => {
  const creation = { ...tusHeaders, 'upload-length': '1000' };

  it('counts the bytes it brought anyway against its address, and answers the file complete', async () => {
    const { writes, spent } = setup(true);
    const answer = await writes.create(
      incoming({ ...creation, 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(600)),
      true,
      '10.0.0.1',
    );
    expect(answer).toEqual({
      status: 201,
      headers: {
        location: '/api/uploads/earlier',
        'tus-resumable': '1.0.0',
        'upload-offset': '1000',
        'upload-outcome': 'accepted',
      },
    });
    expect(spent).toEqual([['10.0.0.1', 600]]);
  });

  it('counts nothing for one that brought no bytes', async () => {
    const { writes, spent } = setup(true);
    const answer = await writes.create(incoming(creation), false, '10.0.0.1');
    expect(answer.headers['upload-offset']).toBe('1000');
    expect(spent).toEqual([]);
  });

  it('counts the bytes of a new file’s creation as they are written, like before', async () => {
    const { writes, spent } = setup(false);
    const answer = await writes.create(
      incoming({ ...creation, 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(600)),
      true,
      '10.0.0.1',
    );
    expect(answer.headers['upload-offset']).toBe('600');
    expect(spent).toEqual([['10.0.0.1', 600]]);
  });
});

describe('a PATCH', () => {
  const headers = {
    ...tusHeaders,
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
    'content-length': '600',
  };

  it('whose client left before its write began is answered as aborted, not left waiting for a body', async () => {
    const { writes, staged } = setup(false);
    staged.set('u1', 0);
    const request = incoming(headers);
    request.destroy();
    const outcome = await Promise.race([
      writes.patch(request, 'u1', '10.0.0.1').then(
        () => 'answered',
        (error: unknown) => error,
      ),
      sleep(1000, 'still waiting'),
    ]);
    expect(outcome).toBe(ERRORS.ABORTED);
  });

  it('whose client is there writes its bytes', async () => {
    const { writes, staged, spent } = setup(false);
    staged.set('u1', 0);
    const answer = await writes.patch(incoming(headers, Buffer.alloc(600)), 'u1', '10.0.0.1');
    expect(answer.status).toBe(204);
    expect(answer.headers['upload-offset']).toBe('600');
    expect(spent).toEqual([['10.0.0.1', 600]]);
  });
});
