import Fastify, { type FastifyInstance } from 'fastify';
import { messages } from '@ani/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listeningAt, overSocket } from '../testing/over-socket.ts';
import { registerFastAnswers, type FastAnswer } from './fast-answers.ts';
import { createMetrics, registerMetrics } from './metrics.ts';
import { createRequestIdGenerator, registerRequestId } from './request-id.ts';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request on a connection of its own (`inject` never reaches what runs before Fastify), its body as text. */
async function ask(
  app: FastifyInstance,
  path: string,
  options?: Parameters<ReturnType<typeof overSocket>>[1],
): Promise<Answer> {
  const res = await overSocket(app)(path, options);
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload.toString() };
}

let current: FastifyInstance | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** An app like ours (request ids, metrics) whose `/files/*` route says `routed`, with a fast answer ahead of it. */
async function appWith(
  answer: (url: string) => FastAnswer | undefined,
  configure?: (app: FastifyInstance) => void,
) {
  const genReqId = createRequestIdGenerator(false);
  const built = Fastify({ genReqId, return503OnClosing: true });
  current = built;
  const fast = registerFastAnswers(built, genReqId);
  registerRequestId(built);
  registerMetrics(built, createMetrics({ queueStats: async () => [] }), undefined);
  built.get('/files/*', async () => 'routed');
  built.post('/files/*', async () => 'routed');
  fast.add({ route: '/files/*', prefix: '/files/', answer: (req) => answer(req.url!) });
  configure?.(built);
  await listeningAt(built);
  return built;
}

const hello: FastAnswer = {
  headers: ['content-type', 'text/plain', 'x-one', '1'],
  body: Buffer.from('fast'),
};

describe('answers given before Fastify routes', () => {
  it('write the answer whole with a request id, and count it under the route like a routed one', async () => {
    const app = await appWith((url) => (url === '/files/hot' ? hello : undefined));
    const counted = async (status: string) =>
      (await app.metrics.httpRequests.get()).values.find(
        (v) => v.labels.route === '/files/*' && v.labels.status === status && v.labels.method === 'GET',
      )?.value ?? 0;
    const fast = await ask(app, '/files/hot');
    expect(fast).toMatchObject({
      status: 200,
      body: 'fast',
      headers: { 'content-type': 'text/plain', 'x-one': '1' },
    });
    expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const routed = await ask(app, '/files/cold');
    expect(routed).toMatchObject({ status: 200, body: 'routed' });
    expect(routed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const head = await ask(app, '/files/hot', { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, body: '', headers: { 'x-one': '1' } });
    await vi.waitFor(async () => expect(await counted('200')).toBe(2));
    const durations = (await app.metrics.httpDuration.get()).values.filter(
      (v) => v.metricName === 'ani_http_request_duration_seconds_count' && v.labels.route === '/files/*',
    );
    expect(Object.fromEntries(durations.map((v) => [v.labels.method, v.value]))).toEqual({ GET: 2, HEAD: 1 });
  });

  it('leave to Fastify other methods, bodies, other paths, and any request the answer throws on', async () => {
    const app = await appWith((url) => {
      if (url === '/files/broken') throw new Error('refused');
      return hello;
    });
    expect((await ask(app, '/files/hot', { method: 'POST' })).body).toBe('routed');
    expect((await ask(app, '/files/hot', { method: 'GET', body: 'x' })).body).toBe('routed');
    expect((await ask(app, '/files/broken')).body).toBe('routed');
    expect((await ask(app, '/elsewhere')).status).toBe(404);
    expect((await ask(app, '/files/hot')).body).toBe('fast');
  });

  it('leave a header Node refuses to Fastify, which answers the request whole', async () => {
    const app = await appWith(() => ({ headers: ['x-bad', 'a\nb'], body: Buffer.from('fast') }));
    expect(await ask(app, '/files/hot')).toMatchObject({ status: 200, body: 'routed' });
  });

  it('answer every request 503 in Turkish, in the app’s error shape, once the app is closing', async () => {
    const during: Answer[] = [];
    const app = await appWith(
      () => hello,
      (built) =>
        // Runs after the fast answers learnt of the close, while the server still takes requests.
        built.addHook('preClose', async () => {
          during.push(await ask(built, '/files/hot'), await ask(built, '/files/cold', { method: 'POST' }));
        }),
    );
    // The twin: before the close, both are answered.
    expect((await ask(app, '/files/hot')).body).toBe('fast');
    expect((await ask(app, '/files/cold', { method: 'POST' })).body).toBe('routed');
    await app.close();
    current = undefined;
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.headers).toMatchObject({ connection: 'close', 'retry-after': '5' });
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        message: messages.generic.unavailable,
        code: 'UNAVAILABLE',
      });
    }
  });
});
