import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
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
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
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
  /** smtp(s)://user:pass@host:port; without it support e-mails stay in the `email_outbox` table and the log. */
  smtpUrl: string | undefined;
  /** Where support tickets are e-mailed (also their From address; the sender is the Reply-To). */
  supportEmail: string;
  /** An OpenAI-compatible chat completions API that refines the AI task creator's offline parse, when all set. */
  ai: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
}

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
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  const secret = e.SESSION_SECRET ?? persistedSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
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
  };
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
