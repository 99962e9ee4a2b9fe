import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  FULL_HISTORY_MONTHS,
  LIMITED_HISTORY_MONTHS,
  MIN_FULL_HISTORY_MONTHS,
  type RetentionHorizons,
} from '@emberwatch/shared/domain/readingRetention';

/** An IPv4 or IPv6 address, or one with a /prefix length that fits it. */
function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** The only reader of process.env. */
const DEFAULT_JWT_SECRET = 'emberwatch-development-secret-change-me';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * This machine only unless asked: the demo logins have a published password, so a first
   * `npm start` must not offer them to the network. HOST=0.0.0.0 (or an address) serves others.
   */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').default(DEFAULT_JWT_SECRET),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 86_400),
  /**
   * Seed the demo accounts at first start. Off by default in production, where the demo logins (a root
   * admin among them, with a published password) must be asked for explicitly.
   */
  DEMO_SEED: z.enum(['0', '1']).optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Trust X-Forwarded-For and -Proto (only behind a proxy you run): `1` from any peer, or only from the
   * listed addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`), which is what a deployment should say.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .refine(
      (v) => v === '' || v === '0' || v === '1' || v.split(',').every((a) => isAddressOrRange(a.trim())),
      'TRUST_PROXY must be 0, 1, or a comma-separated list of proxy addresses or CIDR ranges',
    ),
  /**
   * Let Sentinel webhooks reach loopback, private, link-local and CGNAT addresses (an alarm receiver
   * on the operator's own network). Off: such targets are refused (SSRF guard, decision 0046).
   */
  SENTINEL_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /**
   * Web push (decision 0048): the contact the push services may write to about this server's
   * notifications, in the VAPID signature (RFC 8292): a mailto: address or an https: URL.
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')
    .default('mailto:alerts@emberwatch.local'),
  /**
   * Readings are packed a probe-day to a row once the day is this many days old (decision 0054). At
   * least 3: the monitors read the last two days' raw rows for their turn points.
   */
  READINGS_PACK_AFTER_DAYS: z.coerce.number().int().min(3).max(3650).default(3),
  /**
   * Whole months of readings kept before the current one on the full history (decision 0136). At
   * least 14: the year chart reads 400 days back.
   */
  READINGS_KEEP_MONTHS: z.coerce
    .number()
    .int()
    .min(MIN_FULL_HISTORY_MONTHS)
    .max(1200)
    .default(FULL_HISTORY_MONTHS),
  /** Whole months of readings the limited data tier keeps before the current one (decision 0136). */
  READINGS_LIMITED_KEEP_MONTHS: z.coerce.number().int().min(1).max(1200).default(LIMITED_HISTORY_MONTHS),
  /**
   * PostgreSQL: ingest commits an instance runs side by side (decisions 0065, 0157). Fewer commits at
   * once make each one larger: two took a third less CPU per reading than four on a 2-core machine,
   * and kept a second commit going while one waits for a lock. Each holds up to 513 advisory locks;
   * PostgreSQL's lock table holds max_locks_per_transaction × max_connections (6,400 by default) for
   * every instance together.
   */
  INGEST_COMMITS: z.coerce.number().int().min(1).max(8).default(2),
  /**
   * The customers' map tiles (decision 0098): a tile URL template such as
   * `https://tile.example.org/{z}/{x}/{y}.png`, handed to the console's map. Unset: no tiles are
   * fetched and the map draws its points on a plain background.
   */
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}/,
      'MAP_TILE_URL is an http(s) template with {z}, {x} and {y}',
    )
    .or(z.literal(''))
    .optional(),
});

/**
 * Alert delivery (issue 12, decision 0045): the providers. `npm start`, `npm run dev` and the tests
 * point these at the local stand-ins (the stand-ins workspace, decision 0086) when none is configured.
 */
/**
 * How long an outbox claim holds unless DELIVERY_CLAIM_LEASE_S says otherwise (decision 0045): longer
 * than any channel's timeouts, so a live worker never loses its claim.
 */
export const CLAIM_LEASE_S = 120;

const deliveryEnvSchema = z.object({
  /** The web app's address as recipients reach it: links in messages, provider callbacks. */
  PUBLIC_URL: z.url().optional(),
  /** smtp://user:pass@host:587 (smtps:// for TLS); unset: no e-mail is sent. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Emberwatch <alerts@emberwatch.local>'),
  /** Twilio's account and token (SMS and voice); unset: no SMS and no call is made. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /**
   * Which of the providers above are the local stand-ins (`smtp`, `sms`, comma-separated; the scripts
   * that start them set it): the admin's Outbox then says nothing leaves the machine, and may play a
   * phone's reply through the SMS stand-in's play calls at TWILIO_API_URL (decision 0086).
   */
  STAND_INS: z
    .string()
    .regex(/^((smtp|sms)(,(smtp|sms))*)?$/, 'a comma-separated list of smtp and sms')
    .default(''),
  /** Spec doc 3 §9: the caller number for us, ca and mx, and the (Finnish) one for everyone else. */
  CALLER_NUMBER_NA: z.string().default('+12025550143'),
  CALLER_NUMBER_INTL: z.string().default('+358401234567'),
  DELIVERY_SMS_DAILY_CAP: z.coerce.number().int().min(0).default(100),
  DELIVERY_VOICE_DAILY_CAP: z.coerce.number().int().min(0).default(20),
  /** The first retry's delay; each next one doubles it (up to 2 h). */
  DELIVERY_RETRY_BASE_S: z.coerce.number().int().min(1).max(3600).default(15),
  DELIVERY_REPEAT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  DELIVERY_MAX_REPEATS: z.coerce.number().int().min(0).max(20).default(3),
  /** "22-6": reminders of alerts below the storage's voice limit wait for the end (station time); "0-0": never. */
  DELIVERY_QUIET_HOURS: z
    .string()
    .regex(/^([01]?\d|2[0-4])-([01]?\d|2[0-4])$/, 'hours as from-to, e.g. 22-6')
    .default('22-6'),
  /** From this repeat on, the account's owner is told too (0: never). */
  DELIVERY_ESCALATE_FROM: z.coerce.number().int().min(0).max(20).default(2),
  /**
   * Alerts of one storage (or one station's data break) raised within this many seconds of the first go
   * out as one message (decision 0067); 0: only those raised in the same pass.
   */
  DELIVERY_GROUP_WAIT_S: z.coerce.number().int().min(0).max(60).default(2),
  /**
   * The key of the e-mails' acknowledgement links (decision 0068); unset or empty: a random key made
   * at the first start and kept in the store. Set it only to share links between separate stores.
   */
  ACK_LINK_SECRET: z
    .string()
    .refine((s) => s === '' || s.length >= 32, 'ACK_LINK_SECRET must be at least 32 characters')
    .optional(),
  /**
   * Sends in flight at once per channel and process (decision 0069): each channel goes on while
   * another hangs. Their sum is the most duplicates one crash of a process can cause.
   */
  DELIVERY_EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DELIVERY_SMS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DELIVERY_VOICE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  DELIVERY_SENTINEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DELIVERY_PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Provider rate limits per process, sends a second (bursts of one second's worth; 0: none). Twilio
   * places calls at 1 a second per account unless raised (its "CPS"); messages it queues per sender,
   * so 20 API requests a second stay far below its concurrency limit; 20 mails a second suits a relay.
   */
  TWILIO_MESSAGES_PER_S: z.coerce.number().min(0).max(1000).default(20),
  TWILIO_CALLS_PER_S: z.coerce.number().min(0).max(1000).default(1),
  SMTP_MESSAGES_PER_S: z.coerce.number().min(0).max(1000).default(20),
  /**
   * How long a claimed message is its instance's (decision 0045): a message an instance claimed when it
   * died is sent by another this long after the claim. It must outlast every send (the longest timeout is
   * the SMTP socket's 20 s), or a slow send would be claimed and sent again meanwhile: 30 s at least.
   */
  DELIVERY_CLAIM_LEASE_S: z.coerce.number().int().min(30).max(3600).default(CLAIM_LEASE_S),
});

/**
 * Payments (issue 14 item 4, decision 0056): Stripe's keys; without them no card is taken. `npm start`,
 * `npm run dev` and the tests give the local fake's (decision 0086).
 */
const paymentsEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint (whsec_…) that posts to /stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe-compatible API address (stripe-mock, a proxy, the local stand-in); default Stripe's. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * Where the web app loads Stripe.js from when not from Stripe (the local stand-in's, decision 0086);
   * that script reaches its own origin only, so the Content-Security-Policy allows that origin instead.
   */
  STRIPE_JS_URL: z.url().optional(),
  /** The seller on invoices. */
  INVOICE_SELLER: z.string().default('Emberwatch Ltd, Teknologiantie 1, 90590 Oulu, Finland, VAT FI12345678'),
});

export interface PaymentsConfig {
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
        /** Stripe.js from elsewhere than js.stripe.com (the local stand-in's). */
        jsUrl: string | undefined;
      }
    | undefined;
  invoiceSeller: string;
}

function loadPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const parsed = paymentsEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY))
    throw new Error(
      'invalid configuration: set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither',
    );
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
            apiBase: e.STRIPE_API_BASE,
            jsUrl: e.STRIPE_JS_URL,
          }
        : undefined,
    invoiceSeller: e.INVOICE_SELLER,
  };
}

/**
 * The SIM operator's management API (issue 30 item 6, decision 0092): its address and API key, and the
 * shared secret its callbacks to /telia/API carry. Without the address and key no SIM changes state
 * (the console says the operator is not configured); `npm start`, `npm run dev` and the tests give
 * the local stand-in's.
 */
const simOperatorEnvSchema = z.object({
  SIM_OPERATOR_API_URL: z.url().optional(),
  SIM_OPERATOR_API_KEY: z.string().optional(),
  SIM_OPERATOR_CALLBACK_SECRET: z.string().optional(),
  /** How long one request to the operator may take. */
  SIM_OPERATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export interface SimOperatorConfig {
  api: { url: string; key: string; timeoutMs: number } | undefined;
  /** The operator's callbacks are refused (403) while it is unset. */
  callbackSecret: string | undefined;
}

function loadSimOperatorConfig(env: NodeJS.ProcessEnv): SimOperatorConfig {
  const parsed = simOperatorEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const e = parsed.data;
  if (Boolean(e.SIM_OPERATOR_API_URL) !== Boolean(e.SIM_OPERATOR_API_KEY))
    throw new Error(
      'invalid configuration: set both SIM_OPERATOR_API_URL and SIM_OPERATOR_API_KEY, or neither',
    );
  return {
    api:
      e.SIM_OPERATOR_API_URL && e.SIM_OPERATOR_API_KEY
        ? { url: e.SIM_OPERATOR_API_URL, key: e.SIM_OPERATOR_API_KEY, timeoutMs: e.SIM_OPERATOR_TIMEOUT_MS }
        : undefined,
    callbackSecret: e.SIM_OPERATOR_CALLBACK_SECRET || undefined,
  };
}

export interface DeliveryConfig {
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  twilio: { accountSid: string; authToken: string; apiUrl: string } | undefined;
  /** The providers that are the local stand-ins (STAND_INS). */
  standIns: { smtp: boolean; sms: boolean };
  callerNumbers: { northAmerica: string; international: string };
  smsDailyCap: number;
  voiceDailyCap: number;
  retryBaseS: number;
  repeatS: number;
  maxRepeats: number;
  escalateFromStep: number;
  quietHours: [number, number];
  groupWaitS: number;
  /** ACK_LINK_SECRET; undefined: the generated key kept in the store. */
  ackLinkSecret: string | undefined;
  /** Sends in flight at once per channel (decision 0069). */
  concurrency: { email: number; sms: number; voice: number; sentinel: number; push: number };
  /** Provider rate limits, sends a second; 0: none. */
  rates: { twilioMessagesPerS: number; twilioCallsPerS: number; smtpPerS: number };
  /** Seconds a claimed message stays its instance's (DELIVERY_CLAIM_LEASE_S). */
  claimLeaseS: number;
}

function loadDeliveryConfig(env: NodeJS.ProcessEnv, port: number): DeliveryConfig {
  const parsed = deliveryEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const e = parsed.data;
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN))
    throw new Error('invalid configuration: set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or neither');
  const standIns = new Set(e.STAND_INS.split(',').filter(Boolean));
  if (standIns.has('smtp') && !e.SMTP_URL)
    throw new Error('invalid configuration: STAND_INS names smtp, but SMTP_URL does not say where it is');
  if (standIns.has('sms') && !e.TWILIO_ACCOUNT_SID)
    throw new Error(
      'invalid configuration: STAND_INS names sms, but TWILIO_API_URL, TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN do not say where it is',
    );
  return {
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, apiUrl: e.TWILIO_API_URL }
        : undefined,
    standIns: { smtp: standIns.has('smtp'), sms: standIns.has('sms') },
    callerNumbers: { northAmerica: e.CALLER_NUMBER_NA, international: e.CALLER_NUMBER_INTL },
    smsDailyCap: e.DELIVERY_SMS_DAILY_CAP,
    voiceDailyCap: e.DELIVERY_VOICE_DAILY_CAP,
    retryBaseS: e.DELIVERY_RETRY_BASE_S,
    repeatS: e.DELIVERY_REPEAT_MINUTES * 60,
    maxRepeats: e.DELIVERY_MAX_REPEATS,
    escalateFromStep: e.DELIVERY_ESCALATE_FROM,
    quietHours: e.DELIVERY_QUIET_HOURS.split('-').map(Number) as [number, number],
    groupWaitS: e.DELIVERY_GROUP_WAIT_S,
    ackLinkSecret: e.ACK_LINK_SECRET || undefined,
    concurrency: {
      email: e.DELIVERY_EMAIL_CONCURRENCY,
      sms: e.DELIVERY_SMS_CONCURRENCY,
      voice: e.DELIVERY_VOICE_CONCURRENCY,
      sentinel: e.DELIVERY_SENTINEL_CONCURRENCY,
      push: e.DELIVERY_PUSH_CONCURRENCY,
    },
    rates: {
      twilioMessagesPerS: e.TWILIO_MESSAGES_PER_S,
      twilioCallsPerS: e.TWILIO_CALLS_PER_S,
      smtpPerS: e.SMTP_MESSAGES_PER_S,
    },
    claimLeaseS: e.DELIVERY_CLAIM_LEASE_S,
  };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  sqlitePath: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  demoSeed: boolean;
  webDist: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: nobody, every peer, or the proxies listed. */
  trustProxy: boolean | string[];
  delivery: DeliveryConfig;
  payments: PaymentsConfig;
  simOperator: SimOperatorConfig;
  /** SENTINEL_ALLOW_PRIVATE=1: Sentinel targets on private networks are allowed. */
  sentinelAllowPrivate: boolean;
  /** VAPID_SUBJECT: the push services' contact for this server (web push). */
  vapidSubject: string;
  /** READINGS_PACK_AFTER_DAYS: a day's readings are packed once it is this many days old. */
  readingsPackAfterDays: number;
  /** READINGS_KEEP_MONTHS, READINGS_LIMITED_KEEP_MONTHS: how long each data tier keeps readings. */
  readingsRetention: RetentionHorizons;
  /** INGEST_COMMITS: PostgreSQL ingest commits run side by side. */
  ingestCommits: number;
  /** MAP_TILE_URL: the customers' map tiles; undefined: a plain background (decision 0098). */
  mapTileUrl: string | undefined;
}

/** The SQLite store's file in the data folder (the backup tool finds it by this name too). */
export const SQLITE_FILE = 'emberwatch.db';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.JWT_SECRET === DEFAULT_JWT_SECRET) {
    throw new Error(
      'refusing to start in production with the default JWT_SECRET: set a long random JWT_SECRET',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST || '127.0.0.1',
    port: e.PORT,
    dataDir,
    sqlitePath: resolve(dataDir, SQLITE_FILE),
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    demoSeed: (e.DEMO_SEED ?? (e.NODE_ENV === 'production' ? '0' : '1')) === '1',
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy:
      e.TRUST_PROXY === '0' || e.TRUST_PROXY === ''
        ? false
        : e.TRUST_PROXY === '1'
          ? true
          : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    delivery: loadDeliveryConfig(env, e.PORT),
    payments: loadPaymentsConfig(env),
    simOperator: loadSimOperatorConfig(env),
    sentinelAllowPrivate: e.SENTINEL_ALLOW_PRIVATE === '1',
    vapidSubject: e.VAPID_SUBJECT,
    readingsPackAfterDays: e.READINGS_PACK_AFTER_DAYS,
    readingsRetention: { fullMonths: e.READINGS_KEEP_MONTHS, limitedMonths: e.READINGS_LIMITED_KEEP_MONTHS },
    ingestCommits: e.INGEST_COMMITS,
    mapTileUrl: e.MAP_TILE_URL || undefined,
  };
}
