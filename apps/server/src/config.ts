import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_SETTINGS, type Settings } from '@meridian/shared';
import { z } from 'zod';
import type { S3Settings } from './lib/object-store.js';

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
  SUPPORT_EMAIL: z.email().default(DEFAULT_SETTINGS.supportEmail),
  SUPPORT_CHAT_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_SETTINGS.supportChatUrl),
  SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTO_ACTIVATE_AFTER_HOURS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().max(8_760).optional(),
  ),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_LIMIT_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(50),
  RECIPIENT_LOOKUP_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  TRANSFER_BATCH_MAX: z.coerce.number().int().min(1).max(64).default(64),
  TRANSFER_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(1),
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  RESET_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  RESET_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(3),
  VERIFY_RESEND_LIMIT_PER_USER: z.coerce.number().int().positive().default(3),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  NODE_ENV: z.string().optional(),
  ACCRUAL_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  ACCRUAL_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).optional(),
  ACCRUAL_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  DEPOSIT_LIMIT_PER_USER: z.coerce.number().int().positive().default(20),
  SECURITY_DEPOSIT_PERCENT: z.coerce.number().min(0).max(100).default(10),
  OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default('Meridian <no-reply@meridian.local>'),
  EMAIL_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  TEST_CLOCK: z.enum(['true', 'false']).default('false'),
});

/**
 * The accrual job's batch and runners per database (decision 013): on PostgreSQL a batch of 2,000
 * investments holds its rows for a fraction of a second, and three runners keep two cores busy (each
 * runner's turns in Node and its commits leave a core idle a quarter of the time with two; decision
 * 018); PGlite runs one statement at a time for every request, so a member waits for one batch of 250
 * at most.
 */
export const ACCRUAL_DEFAULTS = {
  postgres: { batchSize: 2_000, workers: 3 },
  pglite: { batchSize: 250, workers: 1 },
} as const;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  loginLimitPerIp: number;
  /** Failed logins per e-mail and address per minute; the next failure answers 429 (a success clears them). */
  loginLimitPerEmail: number;
  /** Failed logins per e-mail per hour from all addresses together; the next failure answers 429. */
  loginLimitPerEmailPerHour: number;
  /** Transfer recipient lookups per signed-in user per minute (a guard against e-mail enumeration). */
  recipientLookupLimitPerUser: number;
  /** Transfers booked together in one transaction at most (group commit, decision 014); 1 turns it off. */
  transferBatchMax: number;
  /** Transfer transactions at once on PostgreSQL, each holding a pooled connection (PGlite: always 1). */
  transferBatchesInFlight: number;
  /** Sign-ups per client address per hour. */
  signupLimitPerIp: number;
  /** Password-reset requests per client address per hour. */
  resetLimitPerIp: number;
  /** Password-reset requests per e-mail per hour, counted whether or not the account exists. */
  resetLimitPerEmail: number;
  /** Fresh e-mail verification links per account per hour. */
  verifyResendLimitPerUser: number;
  /**
   * Which X-Forwarded-For hops to believe: none (false), the last N hops, or only hops from these
   * proxy addresses/CIDRs. Never "every hop", which would let any client pick its own address.
   */
  trustProxy: TrustProxy;
  /** `npm run dev` (NODE_ENV=development): the Vite dev server and loopback ports are trusted origins too. */
  development: boolean;
  /** How often the profit accrual job runs; 0 turns the timer off (`npm run accrue` still works). */
  accrualIntervalMs: number;
  /** The accrual job's investments per transaction and runners side by side (ACCRUAL_DEFAULTS). */
  accrual: { batchSize: number; workers: number };
  /** Deposits one member may file per hour (each stores a file and sends two e-mails). */
  depositLimitPerUser: number;
  /**
   * The settings this environment asks for (SUPPORT_EMAIL, SUPPORT_CHAT_URL, SECURITY_DEPOSIT_PERCENT,
   * OPERATOR_EMAIL, AUTO_ACTIVATE_AFTER_HOURS; the specification's constants for the rest). They are
   * copied into the database's settings at start until an operator saves the settings in the console.
   */
  initialSettings: Settings;
  /** Receipts go to this S3-compatible bucket when all of S3_ENDPOINT/BUCKET/ACCESS_KEY/SECRET_KEY are set; else to DATA_DIR. */
  s3: S3Settings | undefined;
  /** SMTP server for outgoing e-mail; unset, messages are printed to the server's output instead. */
  smtpUrl: string | undefined;
  /** The From of every message. */
  mailFrom: string;
  /** How often the e-mail dispatcher looks for due messages; 0 turns the timer off. */
  emailDispatchIntervalMs: number;
  /** End-to-end tests only: lets the operator CLI move this server's clock forward. */
  testClock: boolean;
}

export type TrustProxy = false | number | string[];

/** The bucket settings when every one of them is given; some but not all is a mistake worth saying. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const given = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY: e.S3_ACCESS_KEY,
    S3_SECRET_KEY: e.S3_SECRET_KEY,
  };
  const missing = Object.entries(given)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === 4) return undefined;
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration: S3 storage needs ${missing.join(', ')} as well`);
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY as string,
    secretAccessKey: e.S3_SECRET_KEY as string,
    region: e.S3_REGION,
  };
}

export class ConfigError extends Error {}

const TRUST_PROXY_HELP =
  'use false, the number of proxies in front of the server (e.g. 1), or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8)';

/** A proxy address or CIDR block: 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY's value, or the reason it is refused. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true')
    return `"true" would trust every hop, so any client could forge its address; ${TRUST_PROXY_HELP}`;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const list = value.split(',').map((v) => v.trim());
  const wrong = list.find((v) => !isAddressOrCidr(v));
  return wrong === undefined ? list : `"${wrong}" is not an address or CIDR; ${TRUST_PROXY_HELP}`;
}

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
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
    loginLimitPerEmailPerHour: e.LOGIN_LIMIT_PER_EMAIL_PER_HOUR,
    recipientLookupLimitPerUser: e.RECIPIENT_LOOKUP_LIMIT_PER_USER,
    transferBatchMax: e.TRANSFER_BATCH_MAX,
    transferBatchesInFlight: e.TRANSFER_BATCHES_IN_FLIGHT,
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    resetLimitPerIp: e.RESET_LIMIT_PER_IP,
    resetLimitPerEmail: e.RESET_LIMIT_PER_EMAIL,
    verifyResendLimitPerUser: e.VERIFY_RESEND_LIMIT_PER_USER,
    trustProxy: e.TRUST_PROXY,
    development: e.NODE_ENV === 'development',
    accrualIntervalMs: e.ACCRUAL_INTERVAL_MS,
    accrual: {
      batchSize: e.ACCRUAL_BATCH_SIZE ?? ACCRUAL_DEFAULTS[e.DATABASE_URL ? 'postgres' : 'pglite'].batchSize,
      workers: e.ACCRUAL_WORKERS ?? ACCRUAL_DEFAULTS[e.DATABASE_URL ? 'postgres' : 'pglite'].workers,
    },
    depositLimitPerUser: e.DEPOSIT_LIMIT_PER_USER,
    initialSettings: {
      ...DEFAULT_SETTINGS,
      supportEmail: e.SUPPORT_EMAIL,
      supportChatUrl: e.SUPPORT_CHAT_URL,
      securityDepositBps: Math.round(e.SECURITY_DEPOSIT_PERCENT * 100),
      operatorEmail: (e.OPERATOR_EMAIL ?? e.ADMIN_EMAIL ?? DEFAULT_SETTINGS.operatorEmail).toLowerCase(),
      autoActivateAfterHours: e.AUTO_ACTIVATE_AFTER_HOURS ?? null,
    },
    s3: s3Settings(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    emailDispatchIntervalMs: e.EMAIL_DISPATCH_INTERVAL_MS,
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
