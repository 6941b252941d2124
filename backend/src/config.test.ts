import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, nearbyProxies, parseDurationSeconds } from './config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ngo-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mongoUrl: undefined,
      embeddedDatabase: false,
      jwtTtlSeconds: 8 * 3600,
      uploadMaxBytes: 10 * 1024 * 1024,
      requestMaxBytes: 50 * 1024 * 1024,
      staticDir: '',
      trustedProxies: [],
      corsOrigins: [],
      loginAccountMaxFailures: 10,
      formMaxSends: 10,
      formWindowSeconds: 600,
    });
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES (TRUST_PROXY=1: the loopback and private ranges)', () => {
    const trusted = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).trustedProxies;
    expect(trusted({ TRUSTED_PROXIES: ' 10.0.0.7, 172.16.0.0/12 ,::1' })).toEqual(['10.0.0.7', '172.16.0.0/12', '::1']);
    expect(trusted({ TRUST_PROXY: '1' })).toEqual(nearbyProxies);
    expect(trusted({ TRUST_PROXY: '1', TRUSTED_PROXIES: '192.0.2.1' })).toEqual(['192.0.2.1']);
    for (const wrong of ['nginx', '10.0.0.0/33', '10.0.0.0/8/1', 'fc00::/129', '10.0.0.0/x']) {
      expect(() => trusted({ TRUSTED_PROXIES: wrong }), wrong).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('reads the form limit under its older contact names too', () => {
    expect(loadConfig({ DATA_DIR: dataDir, CONTACT_MAX_MESSAGES: '7' }).formMaxSends).toBe(7);
    expect(loadConfig({ DATA_DIR: dataDir, CONTACT_MAX_MESSAGES: '7', FORM_MAX_SENDS: '9' }).formMaxSends).toBe(9);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('otherwise generates a secret once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: '-1' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'a@b.org' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_TTL: 'forever' })).toThrow(/JWT_TTL/);
  });

  it("takes the site's origin from PUBLIC_URL, and refuses an address that is not one", () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://ngo.example.org/' }).publicUrl).toBe('https://ngo.example.org');
    for (const wrong of ['ngo.example.org', 'ftp://ngo.example.org', 'https://ngo.example.org/site', 'https://ngo.example.org/?a=1']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL/);
    }
  });

  it('reads durations', () => {
    expect(parseDurationSeconds('8h')).toBe(28800);
    expect(parseDurationSeconds('30m')).toBe(1800);
    expect(parseDurationSeconds('90')).toBe(90);
  });
});
