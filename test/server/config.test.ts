/** Environment configuration is validated at start, with messages naming the variable. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';

describe('readConfig', () => {
  it('has documented defaults', () => {
    expect(readConfig({})).toEqual({
      port: 4000,
      host: 'localhost',
      logLevel: 'info',
      limits: DEFAULT_LIMITS,
      corsOrigins: [],
      introspection: true,
      csrfPrevention: false,
    });
    expect(DEFAULT_LIMITS.discardBytes).toBe(16 * 1024 * 1024);
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_PATH: '/data/kb.sqlite',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      INTROSPECTION: 'false',
      CSRF_PREVENTION: 'true',
      LIMIT_MAX_DEPTH: '6',
      LIMIT_BODY_BYTES: '2048',
      LIMIT_DISCARD_BYTES: '65536',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databasePath: '/data/kb.sqlite',
      logLevel: 'warn',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      introspection: false,
      csrfPrevention: true,
    });
    expect(config.limits).toMatchObject({ maxDepth: 6, bodyLimitBytes: 2048, discardBytes: 65536, maxAliases: DEFAULT_LIMITS.maxAliases });
    expect(readConfig({ CSRF_PREVENTION: 'FALSE' }).csrfPrevention).toBe(false);
  });

  it('lets RESPONSE_CACHE_BYTES (cache off) and LIMIT_DISCARD_BYTES (close at once) be 0, unlike the limits', () => {
    expect(readConfig({ RESPONSE_CACHE_BYTES: '0' }).limits.responseCacheBytes).toBe(0);
    expect(readConfig({ LIMIT_DISCARD_BYTES: '0' }).limits.discardBytes).toBe(0);
    expect(() => readConfig({ LIMIT_MAX_DEPTH: '0' })).toThrow(/from 1 to/);
  });

  it.each([
    [{ PORT: 'http' }, /PORT must be a whole number from 0 to 65535, got "http"/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"/],
    [{ CORS_ORIGINS: 'portal.example.com' }, /CORS_ORIGINS entries must be/],
    [{ INTROSPECTION: 'yes' }, /INTROSPECTION must be true or false, got "yes"/],
    [{ CSRF_PREVENTION: 'on' }, /CSRF_PREVENTION must be true or false, got "on"/],
    [{ LIMIT_DISCARD_BYTES: 'lots' }, /LIMIT_DISCARD_BYTES must be a whole number from 0 to 1000000000, got "lots"/],
    [{ LIMIT_MAX_DEPTH: '0' }, /LIMIT_MAX_DEPTH must be a whole number/],
    [{ LIMIT_MAX_COST: '1.5' }, /LIMIT_MAX_COST must be a whole number/],
    [{ RESPONSE_CACHE_BYTES: '-1' }, /RESPONSE_CACHE_BYTES must be a whole number from 0 to 1000000000, got "-1"/],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
