import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import { newObjectKey } from '../storage/storage.ts';
import { createLogger } from './logger.ts';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limit.ts';
import { createUrlSigner } from './signed-urls.ts';

const dirs: string[] = [];
const tempDir = async () => {
  const d = await mkdtemp(path.join(tmpdir(), 'ani-platform-'));
  dirs.push(d);
  return d;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('signed URLs', () => {
  let now = 1_700_000_000_000;
  const signer = createUrlSigner('s'.repeat(40), () => now);
  const parse = (url: string) => {
    const u = new URL(url, 'http://x');
    return { path: u.pathname, query: Object.fromEntries(u.searchParams) };
  };

  it('verifies its own URL until it expires', () => {
    const { path: p, query } = parse(signer.sign('/api/media/a/b.jpg', { dl: 'foto.jpg' }, 60));
    expect(signer.verify(p, query)).toBe(true);
    now += 61_000;
    expect(signer.verify(p, query)).toBe(false);
    now -= 61_000;
  });

  it('rejects a changed path, param, expiry or signature, and another secret', () => {
    const { path: p, query } = parse(signer.sign('/api/media/a/b.jpg', { dl: 'foto.jpg' }, 60));
    expect(signer.verify('/api/media/a/c.jpg', query)).toBe(false);
    expect(signer.verify(p, { ...query, dl: 'evil.html' })).toBe(false);
    expect(signer.verify(p, { ...query, exp: String(Number(query.exp) + 3600) })).toBe(false);
    expect(signer.verify(p, { ...query, sig: 'A'.repeat(43) })).toBe(false);
    expect(signer.verify(p, { ...query, sig: undefined })).toBe(false);
    expect(createUrlSigner('t'.repeat(40), () => now).verify(p, query)).toBe(false);
  });
});

describe('local disk storage', () => {
  it('puts, reads whole and by range, stats and deletes', async () => {
    const root = await tempDir();
    const storage = createLocalDiskStorage({ root, signer: createUrlSigner('k'.repeat(40)) });
    const key = newObjectKey('events/e1/originals', 'txt');
    expect(await storage.put(key, Readable.from(['merhaba ', 'dünya']))).toEqual({ size: 14 });
    expect(await text(await storage.get(key))).toBe('merhaba dünya');
    expect(await text(await storage.get(key, { start: 0, end: 6 }))).toBe('merhaba');
    expect((await storage.stat(key))?.size).toBe(14);
    const url = await storage.signedUrl(key, { expiresInSeconds: 60 });
    expect(url.startsWith(`/api/media/${key}?`)).toBe(true);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.get(key)).rejects.toThrow();
  });

  it('leaves no partial object when the source stream fails', async () => {
    const root = await tempDir();
    const storage = createLocalDiskStorage({ root, signer: createUrlSigner('k'.repeat(40)) });
    const key = newObjectKey('events/e2', 'bin');
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow('client went away');
    expect(await storage.stat(key)).toBeNull();
    expect(await readdir(path.join(root, 'events/e2'))).toEqual([]);
    expect(await readdir(path.join(root, '.incoming'))).toEqual([]);
  });

  it('refuses keys that could escape its folder', async () => {
    const storage = createLocalDiskStorage({
      root: await tempDir(),
      signer: createUrlSigner('k'.repeat(40)),
    });
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'A/UPPER']) {
      await expect(storage.stat(key)).rejects.toThrow('Invalid object key');
    }
  });
});

describe('rate limiter', () => {
  it('allows `limit` hits per window, then 429 until the window passes', async () => {
    vi.useFakeTimers();
    try {
      const limiter = createRateLimiter({
        name: 't',
        limit: 2,
        windowMs: 1000,
        store: createMemoryRateLimitStore(),
      });
      await limiter.consume('ip');
      await limiter.consume('ip');
      await expect(limiter.consume('ip')).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        retryAfterSeconds: 1,
      });
      await limiter.consume('other-ip');
      vi.advanceTimersByTime(1001);
      await expect(limiter.consume('ip')).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts weighted hits, so one key can be given a budget of bytes', async () => {
    const limiter = createRateLimiter({
      name: 'bytes',
      limit: 100,
      windowMs: 60_000,
      store: createMemoryRateLimitStore(),
    });
    await limiter.consume('ip', 60);
    await expect(limiter.consume('ip', 41)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(limiter.consume('ip2', 100)).resolves.toBeUndefined();
  });
});

describe('config', () => {
  it('applies defaults and resolves DATA_DIR', async () => {
    const dir = await tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
    // The generated key is kept, so signed links and sessions survive a restart.
    expect(config.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
  });

  it('believes X-Forwarded-For only from the named proxies, never "true" for everyone', async () => {
    const dir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the proxies/);
    const { trustProxy } = loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'loopback' });
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ trustProxy: trustProxy || false });
    app.get('/ip', async (request) => request.ip);
    // nginx appends the address it saw; whatever the client wrote stays to its left.
    const res = await app.inject({
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' },
    });
    expect(res.body).toBe('203.0.113.9');
    await app.close();
  });

  it('refuses the retired RETENTION_DAYS instead of ignoring it, and takes RETENTION_MONTHS', async () => {
    const dir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, RETENTION_DAYS: '365' })).toThrow(
      /RETENTION_DAYS: replaced by RETENTION_MONTHS/,
    );
    expect(loadConfig({ DATA_DIR: dir, RETENTION_MONTHS: '24' }).retentionMonths).toBe(24);
  });

  it('lists every bad variable by name', () => {
    expect(() => loadConfig({ PORT: '99999', SMTP_URL: 'http://mail', SECRET_KEY: 'short' })).toThrow(
      /PORT: [^\n]+\n\s+SECRET_KEY: [^\n]+\n\s+SMTP_URL: /,
    );
  });
});

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file in the outbox', async () => {
    const outboxDir = path.join(await tempDir(), 'outbox');
    const mailer = createMailer({ from: 'Anı Kutusu <a@b.c>', outboxDir, logger: createLogger('silent') });
    await mailer.send({
      to: 'gelin@example.com',
      subject: 'Hoş geldiniz',
      text: 'Merhaba',
      html: '<p>Merhaba</p>',
    });
    // A second message to the same address in the same millisecond gets a file of its own.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    await mailer.send({ to: 'gelin@example.com', subject: 'İkinci', text: 'x', html: 'x' });
    await mailer.send({ to: 'gelin@example.com', subject: 'Üçüncü', text: 'x', html: 'x' });
    now.mockRestore();
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(3);
    const file = files.find((f) => !f.endsWith('.part'));
    const eml = await readFile(path.join(outboxDir, file!), 'utf8');
    expect(file).toMatch(/gelin@example\.com\.eml$/);
    expect(eml).toContain('To: gelin@example.com');
    expect(eml).toContain('Subject: =?UTF-8?');
  });

  it('logs the link only when it points at this machine, so no live token reaches a log store', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = { info: (obj: Record<string, unknown>) => void logged.push(obj) } as unknown as Parameters<
      typeof createMailer
    >[0]['logger'];
    const mailer = createMailer({ from: 'a@b.c', outboxDir: path.join(await tempDir(), 'outbox'), logger });
    const mail = { to: 'gelin@example.com', subject: 'x', text: 'x', html: 'x' };
    await mailer.send({ ...mail, link: 'http://localhost:3000/reset-password?token=abc' });
    await mailer.send({ ...mail, link: 'https://anikutusu.com.tr/reset-password?token=secret' });
    expect(logged.map((entry) => entry.link)).toEqual([
      'http://localhost:3000/reset-password?token=abc',
      undefined,
    ]);
    expect(JSON.stringify(logged)).not.toContain('secret');
    expect(logged.every((entry) => typeof entry.file === 'string')).toBe(true);
  });
});
