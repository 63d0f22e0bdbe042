// Account endpoints that must not tell who has an account: the forgotten-password answer for a
// known against an unknown address, and registration with a taken against a new address, timed
// over loopback in the same run. Goal: the two distributions overlap (ratio of medians ≈ 1).
import { fmt, percentile, report, startServer } from './lib.ts';

const rounds = Number(process.env.ACCOUNTS_BENCH_ROUNDS ?? 60);

async function post(url: string, body: unknown): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

export async function run() {
  // Limits out of the way: the measurement is the work behind each answer, not the 429.
  const many = 1_000_000;
  const server = await startServer({
    authLimits: {
      loginPerIp: many,
      loginFreeFailures: many,
      registerPerIp: many,
      mailPerIp: many,
      mailPerTarget: many,
      mailPerUser: many,
    },
  });
  try {
    const known = `bilinen-${Date.now()}@example.com`;
    await post(`${server.base}/api/users/register`, {
      username: 'Bilinen Kişi',
      email: known,
      password: 'Bench1234',
      phoneNumber: '0532 123 45 67',
    });
    const times = {
      known: [] as number[],
      unknown: [] as number[],
      taken: [] as number[],
      fresh: [] as number[],
    };
    for (let i = 0; i < rounds; i++) {
      // Interleaved, so a slow moment of the machine hits both sides alike.
      times.known.push(await post(`${server.base}/api/users/password/forgot`, { email: known }));
      times.unknown.push(
        await post(`${server.base}/api/users/password/forgot`, { email: `yok-${i}@example.com` }),
      );
      const person = { password: 'Bench1234', phoneNumber: '0532 123 45 67' };
      times.taken.push(
        await post(`${server.base}/api/users/register`, { ...person, username: `Taken ${i}`, email: known }),
      );
      times.fresh.push(
        await post(`${server.base}/api/users/register`, {
          ...person,
          username: `Fresh ${i}`,
          email: `yeni-${i}@example.com`,
        }),
      );
    }
    const p = (v: number[], q: number) => fmt(percentile(v, q), 2);
    report('accounts: same answer, same time', {
      'forgot, known address p50 / p95 (ms)': `${p(times.known, 50)} / ${p(times.known, 95)}`,
      'forgot, unknown address p50 / p95 (ms)': `${p(times.unknown, 50)} / ${p(times.unknown, 95)}`,
      'forgot ratio of medians (known / unknown)': fmt(
        percentile(times.known, 50) / percentile(times.unknown, 50),
        2,
      ),
      'register, taken address p50 / p95 (ms)': `${p(times.taken, 50)} / ${p(times.taken, 95)}`,
      'register, new address p50 / p95 (ms)': `${p(times.fresh, 50)} / ${p(times.fresh, 95)}`,
      'register ratio of medians (taken / new)': fmt(
        percentile(times.taken, 50) / percentile(times.fresh, 50),
        2,
      ),
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
