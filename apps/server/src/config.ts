import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(
      z
        .url()
        .refine((v) => protocols.some((p) => v.startsWith(p)), `must start with ${protocols.join(' or ')}`)
        .optional(),
    )
    .optional();

const GiB = 1024 ** 3;

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

// The only reader of process.env. Each key is documented in README.md ("Configuration").
const envSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Anı Kutusu <no-reply@anikutusu.com.tr>'),
  // Only "development" changes anything: it serves the API description at /api/docs.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // The reverse proxies in front, by address (proxy-addr syntax: "loopback", "10.0.0.0/8", comma
  // separated). Not "true": trusting every hop lets a client write the left end of X-Forwarded-For
  // and choose the IP that per-IP rate limits count.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === 'false' || value === '') return false as const;
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message: 'name the proxies instead of true, e.g. loopback or 10.0.0.0/8',
        });
        return z.NEVER;
      }
      return value;
    }),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  STORAGE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || v.startsWith('s3://'), 'must look like s3://bucket?region=…&endpoint=…'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  // nginx in front: media bytes are handed to it with X-Accel-Redirect under this internal location.
  MEDIA_ACCEL_REDIRECT: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => !v || /^\/[\w/-]*\/$/.test(v),
      'must be a path that starts and ends with /, e.g. /_media/',
    ),
  // Without it /api/metrics does not exist; with it a scrape must send `Authorization: Bearer <token>`.
  METRICS_TOKEN: optionalText.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  // WhatsApp Business Cloud API; without token and phone-number id invitations wait in the outbox.
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_API_BASE_URL: optionalUrl(['http://', 'https://']),
  WHATSAPP_TEMPLATE_NAME: z.string().trim().min(1).default('davetiye'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().min(2).default('tr'),
  WHATSAPP_SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  // How long an album is kept after its event date, in calendar months (12: the "1 yıl" the site
  // promises, leap days included); the owner is warned 30 and 7 days before, so at least 2.
  RETENTION_MONTHS: z.coerce.number().int().min(2).max(120).default(12),
  // Replaced by RETENTION_MONTHS (365 days ended a day early across a 29 February). A server that
  // still has it set refuses to start rather than quietly keep albums for a different time.
  RETENTION_DAYS: z
    .undefined({ message: 'replaced by RETENTION_MONTHS (calendar months; 12 is one year)' })
    .optional(),
  // Abuse bounds of the public upload link (README "Configuration" explains each default).
  EVENT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * GiB),
  EVENT_QUOTA_ITEMS: z.coerce.number().int().min(1).default(20_000),
  UPLOAD_BYTES_PER_IP_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * GiB),
  MIN_FREE_DISK_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * GiB),
  // Small media files kept in memory to answer the evening's hot thumbnails and previews; 0 turns it off.
  MEDIA_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
});

export type Config = {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secretKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  sessionTtlMs: number;
  /** false, or the addresses of the reverse proxies in front of the app (proxy-addr syntax). */
  trustProxy: false | string;
  webDistDir: string;
  /** Serve the OpenAPI description at /api/docs (development only: production does not advertise its API). */
  apiDocs: boolean;
  /** S3-compatible object storage; local disk under DATA_DIR/media when absent. */
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  /** Internal nginx location that serves DATA_DIR/media (X-Accel-Redirect); the app streams when absent. */
  mediaAccelRedirect: string | undefined;
  /** Bytes of small local media files kept in memory for the media route (0: none). */
  mediaCacheBytes: number;
  metricsToken: string | undefined;
  whatsapp: WhatsappConfig;
  /** Calendar months an album is kept after its event date before its files are removed. */
  retentionMonths: number;
  uploadBounds: UploadBounds;
};

export type UploadBounds = {
  /** Bytes of originals one event may hold. */
  eventQuotaBytes: number;
  /** Photos and videos one event may hold. */
  eventQuotaItems: number;
  /** Bytes one client IP may upload per hour, across all events. */
  bytesPerIpHour: number;
  /** Uploads are refused while the data directory's file system has less free space than this. */
  minFreeDiskBytes: number;
};

export type WhatsappConfig = {
  accessToken: string | undefined;
  phoneNumberId: string | undefined;
  /** Signs webhook deliveries (X-Hub-Signature-256); without it every delivery is refused. */
  appSecret: string | undefined;
  /** Answers Meta's subscription handshake (GET /api/webhook). */
  verifyToken: string | undefined;
  /** Graph API root, e.g. https://graph.facebook.com/v23.0 (tests point it at a local server). */
  apiBaseUrl: string;
  templateName: string;
  templateLanguage: string;
  sendMaxAttempts: number;
};

type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

export class ConfigError extends Error {}

/** `s3://bucket?region=eu-central-1&endpoint=https://minio:9000&forcePathStyle=true` */
function parseStorageUrl(url: string, accessKeyId?: string, secretAccessKey?: string): S3Config {
  const u = new URL(url);
  if (!u.hostname) throw new ConfigError('Invalid configuration:\n  STORAGE_URL: the bucket name is missing');
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  return {
    bucket: u.hostname,
    region: u.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    forcePathStyle: (u.searchParams.get('forcePathStyle') ?? (endpoint ? 'true' : 'false')) === 'true',
    accessKeyId,
    secretAccessKey,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    apiDocs: e.NODE_ENV === 'development',
    s3: e.STORAGE_URL
      ? parseStorageUrl(e.STORAGE_URL, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY)
      : undefined,
    redisUrl: e.REDIS_URL,
    mediaAccelRedirect: e.MEDIA_ACCEL_REDIRECT,
    mediaCacheBytes: e.MEDIA_CACHE_BYTES,
    metricsToken: e.METRICS_TOKEN,
    whatsapp: {
      accessToken: e.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      apiBaseUrl: (e.WHATSAPP_API_BASE_URL ?? 'https://graph.facebook.com/v23.0').replace(/\/$/, ''),
      templateName: e.WHATSAPP_TEMPLATE_NAME,
      templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
      sendMaxAttempts: e.WHATSAPP_SEND_MAX_ATTEMPTS,
    },
    retentionMonths: e.RETENTION_MONTHS,
    uploadBounds: {
      eventQuotaBytes: e.EVENT_QUOTA_BYTES,
      eventQuotaItems: e.EVENT_QUOTA_ITEMS,
      bytesPerIpHour: e.UPLOAD_BYTES_PER_IP_HOUR,
      minFreeDiskBytes: e.MIN_FREE_DISK_BYTES,
    },
  };
}

/**
 * The settings `npm run backup` / `restore` need, without the side effects of loadConfig (which
 * would create a secret key in the DATA_DIR a restore needs empty).
 */
export function loadOperationsConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true, STORAGE_URL: true }).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    dataDir: path.resolve(parsed.data.DATA_DIR),
    databaseUrl: parsed.data.DATABASE_URL,
    externalStorage: Boolean(parsed.data.STORAGE_URL),
  };
}

// Without SECRET_KEY the embedded default keeps a generated key beside its data, so
// `npm start` needs no set-up and no secret ever lives in the repository.
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
