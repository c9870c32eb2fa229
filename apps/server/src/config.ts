import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Every environment variable the server reads, with the embedded defaults (README lists them). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(128).optional()),
  SUPPORT_EMAIL: z.email().default('support@meridian.local'),
  SUPPORT_CHAT_URL: z.url().default('https://t.me/meridian_support'),
  SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTO_ACTIVATE_AFTER_HOURS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().optional()),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  ACCRUAL_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  TEST_CLOCK: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  supportEmail: string;
  supportChatUrl: string;
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  autoActivateAfterHours: number | undefined;
  loginLimitPerIp: number;
  loginLimitPerEmail: number;
  trustProxy: boolean;
  /** How often the profit accrual job runs; 0 turns the timer off (`npm run accrue` still works). */
  accrualIntervalMs: number;
  /** End-to-end tests only: lets the operator CLI move this server's clock forward. */
  testClock: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    supportEmail: e.SUPPORT_EMAIL,
    supportChatUrl: e.SUPPORT_CHAT_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    autoActivateAfterHours: e.AUTO_ACTIVATE_AFTER_HOURS,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
    trustProxy: e.TRUST_PROXY === 'true',
    accrualIntervalMs: e.ACCRUAL_INTERVAL_MS,
    testClock: e.TEST_CLOCK === 'true',
  };
}

/** A secret generated once and kept in DATA_DIR, so sessions survive restarts without configuration. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
