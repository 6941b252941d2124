import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMailConfig, type MailConfig } from './mail-config.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** What to do when an answer does not match openapi.yaml: nothing, log it, or fail the request. */
export type ResponseCheck = 'off' | 'log' | 'throw';

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  /** Required to start; `npm start` (through tools/with-database.mjs) sets it to the embedded database it started. */
  mongoUrl: string | undefined;
  /** EMBEDDED_DATABASE=1, set by tools/with-database.mjs: a first admin may be made with a generated password. */
  embeddedDatabase: boolean;
  dataDir: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  uploadMaxBytes: number;
  requestMaxBytes: number;
  /** JSON bodies are small forms; anything bigger than this is refused before it is parsed. */
  jsonMaxBytes: number;
  /** Empty string: no frontend is served. */
  staticDir: string;
  /**
   * The frontend folder whose build the public pages are rendered from (dist/index.html and the
   * server renderer dist-server/entry-server.js); empty: pages are not rendered here.
   */
  pagesDir: string;
  /** The site's origin for absolute URLs (canonical, Open Graph, sitemap, feed), never from Host. */
  publicUrl: string;
  /** Where nginx keeps its certificate's status for the admin (nginx/acme.sh); empty: not here. */
  tlsStatusDir: string;
  logLevel: LogLevel;
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the visitor; empty: none. */
  trustedProxies: string[];
  corsOrigins: string[];
  responseCheck: ResponseCheck;
  /** Login attempts allowed per IP and e-mail address within loginWindowSeconds. */
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** Failed logins of one account, from any address, before it is locked for loginLockSeconds (doubling after each lock). */
  loginAccountMaxFailures: number;
  loginLockSeconds: number;
  /** Anonymous forms (volunteer, contact) one client address may send per form within formWindowSeconds. */
  formMaxSends: number;
  /** Forms one instance keeps on its disk while the database is away (idempotency/kept.ts); beyond, 503. */
  keptFormsMax: number;
  formWindowSeconds: number;
  /** Page views are counted in memory and written to the database in batches this often. */
  pageViewFlushMs: number;
  /** The most distinct counts (day, page, referring site) an instance keeps unwritten; past it views are refused (429). */
  pageViewMaxPending: number;
  /** Referring sites kept per day; views from further sites are counted under "other". */
  pageViewMaxReferrers: number;
  /** How often each instance looks for scheduled posts that became due (0: never; tests call it themselves). */
  scheduleReleaseMs: number;
  /** How often each instance looks for the time-based work of campaigns and pledges: a campaign's day turning, pledge reminders and statements (0: never; tests call it themselves). */
  campaignWorkMs: number;
  /** How often each instance looks for legal dates to remind the admins of (0: never; tests call it themselves). */
  deadlineCheckMs: number;
  /** How often each instance looks for event reminders that became due (0: never; tests call it themselves). */
  eventReminderMs: number;
  /** How long requests wait for the database before answering 503. */
  databaseTimeoutMs: number;
  /** Memory for recently served image files (each instance its own). */
  imageCacheBytes: number;
  /** Memory for the admin's lists held by each instance; a list that would go over is read from the database. */
  adminListsBytes: number;
  /** On SIGTERM: how long the instance keeps serving (closing each connection) before it stops accepting. */
  shutdownDrainMs: number;
  /** On SIGTERM: the most the whole shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  mail: MailConfig;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, minimum: 0 | 1): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new ConfigError(`${name} must be a ${minimum ? 'positive' : 'non-negative'} whole number, got "${raw}"`);
  }
  return value;
}
const positiveInt = (env: Env, name: string, fallback: number) => wholeNumber(env, name, fallback, 1);
const nonNegativeInt = (env: Env, name: string, fallback: number) => wholeNumber(env, name, fallback, 0);

/** Reads "8h", "30m", "45s", "2d" or a number of seconds. */
export function parseDurationSeconds(raw: string, name = 'duration'): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  if (!match) throw new ConfigError(`${name} must look like 8h, 30m, 45s, 2d or a number of seconds, got "${raw}"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  const seconds = Number(match[1]) * unit;
  if (seconds <= 0) throw new ConfigError(`${name} must be longer than zero`);
  return seconds;
}

/** Loopback and private ranges: where nginx sits beside the backends (one host, a compose network). */
export const nearbyProxies = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '::1/128', 'fc00::/7'];

/** TRUSTED_PROXIES (addresses and CIDR ranges, comma-separated); TRUST_PROXY=1, its older form, trusts nearbyProxies. */
function parseTrustedProxies(env: Env): string[] {
  const raw = env.TRUSTED_PROXIES?.trim();
  if (!raw) return ['1', 'true'].includes(env.TRUST_PROXY?.trim() ?? '') ? nearbyProxies : [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? 0 : /^\d+$/.test(prefix) ? Number(prefix) : Infinity;
    if (!family || extra !== undefined || bits > (family === 4 ? 32 : 128)) {
      throw new ConfigError(`TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range such as 10.0.0.0/8`);
    }
  }
  return entries;
}

const logLevels: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The JWT secret: JWT_SECRET when set (required in production); otherwise one generated on the
 * first start and kept in DATA_DIR/jwt-secret, so tokens survive a restart and every instance
 * sharing the data folder agrees.
 */
function resolveJwtSecret(env: Env, nodeEnv: string, dataDir: string): string {
  const fromEnv = env.JWT_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  if (nodeEnv === 'production') {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/** An http(s) origin such as https://example.org (a path or a trailing slash is refused or dropped). */
function parsePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be the site's address, e.g. https://example.org, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new ConfigError(`PUBLIC_URL must be an http or https origin without a path, e.g. https://example.org, got "${raw}"`);
  }
  return url.origin;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const dataDir = path.resolve(repoRoot, env.DATA_DIR?.trim() || 'data');
  const defaultStatic = path.join(repoRoot, 'frontend/dist');
  const staticDir =
    env.STATIC_DIR === undefined ? (existsSync(defaultStatic) ? defaultStatic : '') : env.STATIC_DIR.trim() && path.resolve(repoRoot, env.STATIC_DIR.trim());

  const defaultPages = path.join(repoRoot, 'frontend');
  const pagesDir =
    env.PAGES_DIR === undefined
      ? existsSync(path.join(defaultPages, 'dist-server/entry-server.js')) && existsSync(path.join(defaultPages, 'dist/index.html'))
        ? defaultPages
        : ''
      : env.PAGES_DIR.trim() && path.resolve(repoRoot, env.PAGES_DIR.trim());

  const logLevel = (env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'silent' : 'info')) as LogLevel;
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);

  const responseCheck = (env.RESPONSE_CHECK?.trim() || (nodeEnv === 'production' ? 'off' : nodeEnv === 'test' ? 'throw' : 'log')) as ResponseCheck;
  if (!['off', 'log', 'throw'].includes(responseCheck)) throw new ConfigError('RESPONSE_CHECK must be off, log or throw');

  const adminEmail = env.ADMIN_EMAIL?.trim() || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword && !adminEmail) throw new ConfigError('ADMIN_PASSWORD is set but ADMIN_EMAIL is not');
  if (adminEmail && !adminPassword) throw new ConfigError('ADMIN_EMAIL is set but ADMIN_PASSWORD is not');

  const port = positiveInt(env, 'PORT', 8080);
  if (port > 65535) throw new ConfigError('PORT must be at most 65535');

  const publicUrl = parsePublicUrl(env.PUBLIC_URL?.trim() || `http://localhost:${port}`);

  return {
    nodeEnv,
    port,
    publicUrl,
    tlsStatusDir: env.TLS_STATUS_DIR?.trim() ?? '',
    host: env.HOST?.trim() || '0.0.0.0',
    mongoUrl: env.MONGO_URL?.trim() || undefined,
    embeddedDatabase: env.EMBEDDED_DATABASE === '1',
    dataDir,
    jwtSecret: resolveJwtSecret(env, nodeEnv, dataDir),
    jwtTtlSeconds: parseDurationSeconds(env.JWT_TTL?.trim() || '8h', 'JWT_TTL'),
    adminEmail,
    adminPassword,
    uploadMaxBytes: positiveInt(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    requestMaxBytes: positiveInt(env, 'REQUEST_MAX_BYTES', 50 * 1024 * 1024),
    jsonMaxBytes: positiveInt(env, 'JSON_MAX_BYTES', 1024 * 1024),
    staticDir,
    pagesDir,
    logLevel,
    trustedProxies: parseTrustedProxies(env),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    responseCheck,
    loginMaxAttempts: positiveInt(env, 'LOGIN_MAX_ATTEMPTS', 5),
    loginWindowSeconds: positiveInt(env, 'LOGIN_WINDOW_SECONDS', 15 * 60),
    loginAccountMaxFailures: positiveInt(env, 'LOGIN_ACCOUNT_MAX_FAILURES', 10),
    loginLockSeconds: positiveInt(env, 'LOGIN_LOCK_SECONDS', 5 * 60),
    // CONTACT_*: the names from when only the contact form was limited.
    formMaxSends: positiveInt(env, 'FORM_MAX_SENDS', positiveInt(env, 'CONTACT_MAX_MESSAGES', 10)),
    keptFormsMax: positiveInt(env, 'KEPT_FORMS_MAX', 1000),
    formWindowSeconds: positiveInt(env, 'FORM_WINDOW_SECONDS', positiveInt(env, 'CONTACT_WINDOW_SECONDS', 10 * 60)),
    pageViewFlushMs: positiveInt(env, 'PAGE_VIEW_FLUSH_MS', 3000),
    pageViewMaxPending: positiveInt(env, 'PAGE_VIEW_MAX_PENDING', 5000),
    pageViewMaxReferrers: positiveInt(env, 'PAGE_VIEW_MAX_REFERRERS', 100),
    scheduleReleaseMs: nonNegativeInt(env, 'SCHEDULE_RELEASE_MS', 12_000),
    campaignWorkMs: nonNegativeInt(env, 'CAMPAIGN_WORK_MS', 60_000),
    deadlineCheckMs: nonNegativeInt(env, 'DEADLINE_CHECK_MS', 60 * 60 * 1000),
    eventReminderMs: nonNegativeInt(env, 'EVENT_REMINDER_MS', 15_000),
    databaseTimeoutMs: positiveInt(env, 'DATABASE_TIMEOUT_MS', 3000),
    imageCacheBytes: positiveInt(env, 'IMAGE_CACHE_BYTES', 64 * 1024 * 1024),
    adminListsBytes: positiveInt(env, 'ADMIN_LISTS_BYTES', 128 * 1024 * 1024),
    // Longer than nginx's upstream keep-alive (4 s), so every idle connection nginx holds to this
    // instance has been closed by nginx before the instance stops accepting new ones.
    shutdownDrainMs: nonNegativeInt(env, 'SHUTDOWN_DRAIN_MS', 5000),
    shutdownTimeoutMs: positiveInt(env, 'SHUTDOWN_TIMEOUT_MS', 25000),
    mail: readMailConfig(
      env,
      { nodeEnv, publicUrl },
      (message) => {
        throw new ConfigError(message);
      },
      {
        seconds: (name, fallback) => parseDurationSeconds(env[name]?.trim() || fallback, name),
        positiveInt: (name, fallback) => positiveInt(env, name, fallback),
      },
    ),
  };
}
