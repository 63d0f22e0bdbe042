// Worker thread: SHA-256 and CRC-32 of upload bytes, one running state per file, so the main
// thread only copies each batch of bytes here instead of hashing it (see hash-thread.ts).
import { createHash, type Hash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';

export type HashRequest =
  { op: 'add'; id: number; bytes: ArrayBuffer } | { op: 'finish'; id: number } | { op: 'drop'; id: number };
export type HashReply =
  { op: 'added'; bytes: number } | { op: 'finished'; id: number; sha256: string; crc32: number };

const states = new Map<number, { hash: Hash; crc: number }>();

parentPort?.on('message', (request: HashRequest) => {
  if (request.op === 'drop') {
    states.delete(request.id);
    return;
  }
  let state = states.get(request.id);
  if (!state) states.set(request.id, (state = { hash: createHash('sha256'), crc: 0 }));
  if (request.op === 'add') {
    const bytes = new Uint8Array(request.bytes);
    state.hash.update(bytes);
    state.crc = crc32(bytes, state.crc);
    const reply: HashReply = { op: 'added', bytes: bytes.length };
    parentPort!.postMessage(reply);
    return;
  }
  states.delete(request.id);
  const reply: HashReply = {
    op: 'finished',
    id: request.id,
    sha256: state.hash.digest('hex'),
    crc32: state.crc,
  };
  parentPort!.postMessage(reply);
});
