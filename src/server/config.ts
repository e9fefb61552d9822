/** Environment configuration, validated at start with messages that say what to fix. */
import { readLimits, type Limits } from './limits.js';

export interface Config {
  port: number;
  host: string;
  databasePath?: string;
  logLevel: string;
  limits: Limits;
  corsOrigins: string[];
  introspection: boolean;
  /** Apollo's CSRF prevention (off by default: see "CSRF prevention" in docs/operations.md). */
  csrfPrevention: boolean;
}

/** A true/false variable, with a message naming it. */
function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = (env[name] ?? String(fallback)).toLowerCase();
  if (!['true', 'false'].includes(text)) throw new Error(`${name} must be true or false, got "${env[name]}"`);
  return text === 'true';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 4000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins)
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin))
      throw new Error(`CORS_ORIGINS entries must be '*' or an origin like https://portal.example.com, got "${origin}"`);
  const introspection = readBoolean(env, 'INTROSPECTION', true);
  // No cookies, credentials or mutations here, so there is nothing for a forged request to abuse;
  // the protection would only refuse standard clients' GETs (docs/operations.md, "CSRF prevention").
  const csrfPrevention = readBoolean(env, 'CSRF_PREVENTION', false);
  return {
    introspection,
    csrfPrevention,
    port,
    // A developer's `npm start` is reachable from this machine only; the image and the Deployment
    // set HOST=0.0.0.0 to serve the network.
    host: env.HOST || 'localhost',
    ...(env.DATABASE_PATH ? { databasePath: env.DATABASE_PATH } : {}),
    logLevel,
    limits: readLimits(env),
    corsOrigins,
  };
}
