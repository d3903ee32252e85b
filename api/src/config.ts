import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaidPlan } from '@planline/domain';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** An optional Stripe setting: empty is unset (as .env.example leaves it), anything else must look right. */
const stripeSetting = (shape: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().regex(shape, message).optional());

/** Price ids of test mode, where no provider exists: the local checkout and its events name these. */
const TEST_MODE_PRICES: Readonly<Record<PaidPlan, string>> = { pro: 'price_test_pro', enterprise: 'price_test_enterprise' };

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  ROLE: z.enum(['all', 'api', 'realtime'], 'ROLE must be all, api or realtime').default('all'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(join(repoRoot, 'web', 'dist')),
  SMTP_URL: z.string().optional(),
  SUPPORT_EMAIL: z
    .string()
    .optional()
    .transform((v) => v || 'support@localhost')
    .pipe(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'SUPPORT_EMAIL must be an e-mail address')),
  AI_BASE_URL: z.url('AI_BASE_URL must be a URL, e.g. https://api.openai.com/v1').optional().or(z.literal('')),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  NODE_ENV: z.string().optional(),
  BILLING_TEST_MODE: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.enum(['true', 'false'], 'BILLING_TEST_MODE must be true or false').optional()),
  STRIPE_SECRET_KEY: stripeSetting(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)'),
  STRIPE_WEBHOOK_SECRET: stripeSetting(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)'),
  STRIPE_PRICE_PRO: stripeSetting(/^price_/, 'STRIPE_PRICE_PRO must be a Stripe price id (price_…)'),
  STRIPE_PRICE_ENTERPRISE: stripeSetting(/^price_/, 'STRIPE_PRICE_ENTERPRISE must be a Stripe price id (price_…)'),
  WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((v) => v?.trim() || 'false')
    .pipe(z.enum(['true', 'false'], 'WEBHOOK_ALLOW_PRIVATE must be true or false')),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Scaled mode (set): documents, rooms and events span processes through Redis. */
  redisUrl: string | undefined;
  /**
   * What this process serves. 'all' (the default): API, web app, Socket.IO and /collab on one port. In scaled
   * mode, 'api' serves the API and web app, 'realtime' serves Socket.IO and /collab (and /api/health).
   */
  role: 'all' | 'api' | 'realtime';
  /** Signing keys for the session cookie; the first signs, all verify (rotation). */
  sessionKeys: string[];
  publicUrl: string | undefined;
  /** Origins besides the server's own that may make state-changing requests and open sockets. */
  allowedOrigins: string[];
  /** Behind a TLS-terminating proxy: trust X-Forwarded-*, mark cookies Secure. */
  trustProxy: boolean;
  secureCookies: boolean;
  logLevel: string;
  webDistDir: string;
  /** smtp(s)://user:pass@host:port; without it support and notification e-mails stay in `email_outbox` (and the log). */
  smtpUrl: string | undefined;
  /** Where support tickets are e-mailed (also their From address; the sender is the Reply-To). */
  supportEmail: string;
  /** An OpenAI-compatible chat completions API that refines the AI task creator's offline parse, when all set. */
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  /**
   * Card payments. 'live': Stripe Checkout with STRIPE_SECRET_KEY. Without a key, 'test': our own checkout page,
   * whose events are signed with STRIPE_WEBHOOK_SECRET or else a secret made once and kept in DATA_DIR; that is
   * the default except under NODE_ENV=production, where anyone could "pay" on it for Enterprise (issue #14), so
   * there it needs BILLING_TEST_MODE=true and is otherwise 'off': checkout answers 503.
   */
  billing: PaymentsConfig;
  /**
   * Issue 40: webhooks may call loopback and private addresses, over plain http too (development and tests). Never
   * link-local or metadata addresses, whatever this says (webhook-address.ts).
   */
  webhookAllowPrivate: boolean;
}

export type PaymentsConfig =
  | { mode: 'live'; secretKey: string; webhookSecret: string; prices: Record<PaidPlan, string> }
  | { mode: 'test' | 'off'; webhookSecret: string; prices: Record<PaidPlan, string> };

/** How the startup log names the billing mode. */
export const billingModeName = (payments: PaymentsConfig) => (payments.mode === 'live' ? 'stripe' : payments.mode);

/**
 * Reads the environment (.env.example lists every variable). Nothing is required: without SESSION_SECRET a
 * random one is made once and kept in DATA_DIR, so sessions survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.ROLE !== 'all' && !e.REDIS_URL) {
    throw new Error(`Invalid configuration: ROLE=${e.ROLE} runs one part of scaled mode, which needs REDIS_URL (and DATABASE_URL)`);
  }
  if (e.REDIS_URL && !e.DATABASE_URL) {
    throw new Error('Invalid configuration: REDIS_URL turns on scaled mode, whose processes share PostgreSQL: set DATABASE_URL too');
  }
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  const secret = e.SESSION_SECRET ?? persistedSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    role: e.ROLE,
    sessionKeys: secret.split(',').map((s) => s.trim()).filter(Boolean),
    publicUrl,
    allowedOrigins: [
      ...(publicUrl ? [new URL(publicUrl).origin] : []),
      ...e.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean).map((o) => new URL(o).origin),
    ],
    trustProxy: e.TRUST_PROXY === 'true',
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR),
    smtpUrl: e.SMTP_URL || undefined,
    supportEmail: e.SUPPORT_EMAIL,
    ai:
      e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
    billing: billingConfig(e, dataDir),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
  };
}

function billingConfig(e: z.infer<typeof envSchema>, dataDir: string): PaymentsConfig {
  if (!e.STRIPE_SECRET_KEY) {
    const testMode = (e.BILLING_TEST_MODE ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true';
    return {
      mode: testMode ? 'test' : 'off',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? persistedWebhookSecret(dataDir),
      prices: { ...TEST_MODE_PRICES },
    };
  }
  const { STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_PRO: pro, STRIPE_PRICE_ENTERPRISE: enterprise } = e;
  if (!webhookSecret || !pro || !enterprise) {
    const missing = Object.entries({ STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_PRO: pro, STRIPE_PRICE_ENTERPRISE: enterprise })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new Error(`Invalid configuration: STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too`);
  }
  return { mode: 'live', secretKey: e.STRIPE_SECRET_KEY, webhookSecret, prices: { pro, enterprise } };
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Test mode's webhook signing secret, made once and kept in DATA_DIR like the session secret. */
function persistedWebhookSecret(dataDir: string): string {
  const file = join(dataDir, 'stripe-webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
