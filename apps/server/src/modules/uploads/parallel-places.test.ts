import { once } from 'node:events';
import { request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import type { Server as TusServer } from '@tus/server';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import type { createTusWrites } from './tus-writes.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import type { SubmissionsService } from './submissions.service.ts';
import type { UploadsService } from './uploads.service.ts';

/**
 * The tus routes alone, one chunk in progress per address, with the byte budget's check and the
 * write held where a test says: a chunk's place must come back however its request ends.
 */
const app = Fastify();
const responses: ServerResponse[] = [];
let budgetHeld: { reached: () => void; go: Promise<void> } | null = null;
let writeHeld: { reached: () => void; go: Promise<void> } | null = null;
const service = {
  async bytesRefusal() {
    if (budgetHeld) {
      budgetHeld.reached();
      await budgetHeld.go;
    }
    return null;
  },
} as unknown as UploadsService;
const writes = {
  async patch(request: NodeJS.ReadableStream) {
    if (writeHeld) {
      writeHeld.reached();
      await writeHeld.go;
    }
    request.resume();
    return { status: 204, headers: { 'tus-resumable': '1.0.0' } };
  },
} as unknown as ReturnType<typeof createTusWrites>;
let base: string;

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (_request, reply) => void responses.push(reply.raw));
  await app.register(uploadsRoutes, {
    // The submission routes are not asked here: only tus chunks take parallel places.
    submissions: {} as SubmissionsService,
    service,
    tus: {} as TusServer,
    writes,
    parallelUploadsPerIp: 1,
    disk: { dataDir: tmpdir(), minFreeBytes: 0 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const chunk = () =>
  fetch(`${base}/api/uploads/u1`, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: Buffer.alloc(10),
  });

/** A gate a fake step stops at: `reached` once a request is there, `go` lets it on. */
function gate() {
  let reached!: () => void;
  let go!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const held = { reached, go: new Promise<void>((resolve) => (go = resolve)) };
  return { held, arrived, go };
}

describe('a tus chunk’s place among its address’s uploads in progress', () => {
  it('is held while the chunk is written: another chunk from the address is refused until it ends', async () => {
    const write = gate();
    writeHeld = write.held;
    const running = chunk();
    await write.arrived;
    writeHeld = null;
    const refused = await chunk();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(messages.upload.tooManyParallel);
    write.go();
    expect((await running).status).toBe(204);
    expect((await chunk()).status).toBe(204);
  });

  it('comes back when the client left while the budget was being checked, before its place was taken', async () => {
    const budget = gate();
    budgetHeld = budget.held;
    const request = httpRequest(`${base}/api/uploads/u1`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': '10',
      },
    });
    request.on('error', () => undefined);
    request.write('x');
    await budget.arrived;
    const closed = once(responses.at(-1)!, 'close');
    request.destroy();
    // The server has seen the connection end before the handler takes its place.
    await closed;
    budgetHeld = null;
    budget.go();
    await expect.poll(async () => (await chunk()).status, { timeout: 2000 }).toBe(204);
  });
});
