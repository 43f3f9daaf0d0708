import { describe, expect, it } from 'vitest';
import { ConfigError, serverConfigFromEnv } from '../../src/adapters/http/config.js';

describe('serverConfigFromEnv', () => {
  it('defaults to port 3000 on every address with ./shinpan.db', () => {
    expect(serverConfigFromEnv({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', path: './shinpan.db' },
      secret: undefined,
      secureCookies: false,
      trustProxy: false,
      streamsPerAddress: 20,
      backups: undefined,
      logLevel: 'info',
      metricsToken: undefined,
      publicUrl: null,
      tls: null,
      httpRedirectPort: null,
      httpPort: null,
      caches: true,
    });
  });

  it('reads SHINPAN_NO_CACHES, the one switch that turns every cache and pacing off', () => {
    expect(serverConfigFromEnv({ SHINPAN_NO_CACHES: '1' }).caches).toBe(false);
    expect(serverConfigFromEnv({ SHINPAN_NO_CACHES: '0' }).caches).toBe(true);
    expect(() => serverConfigFromEnv({ SHINPAN_NO_CACHES: 'yes' })).toThrow(
      'SHINPAN_NO_CACHES: expected 1/true or 0/false, got "yes"',
    );
  });

  it('reads SHINPAN_LOG_LEVEL, naming the levels when it is none of them', () => {
    expect(serverConfigFromEnv({ SHINPAN_LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(() => serverConfigFromEnv({ SHINPAN_LOG_LEVEL: 'loud' })).toThrow(
      'SHINPAN_LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
  });

  it('reads the scheduled backups: folder, minutes (default 15) and how many are kept (default 48)', () => {
    expect(serverConfigFromEnv({ SHINPAN_BACKUP_DIR: '/b' }).backups).toEqual({
      dir: '/b',
      intervalMs: 15 * 60_000,
      keep: 48,
    });
    expect(
      serverConfigFromEnv({ SHINPAN_BACKUP_DIR: '/b', SHINPAN_BACKUP_MINUTES: '0.5', SHINPAN_BACKUP_KEEP: '3' })
        .backups,
    ).toEqual({ dir: '/b', intervalMs: 30_000, keep: 3 });
    expect(() => serverConfigFromEnv({ SHINPAN_BACKUP_DIR: '/b', SHINPAN_BACKUP_MINUTES: '0' })).toThrow(
      'SHINPAN_BACKUP_MINUTES: expected minutes above 0 and at most 1440, got "0"',
    );
    expect(() => serverConfigFromEnv({ SHINPAN_BACKUP_DIR: '/b', SHINPAN_BACKUP_KEEP: 'all' })).toThrow(
      'SHINPAN_BACKUP_KEEP: expected a whole number ≥ 1, got "all"',
    );
  });

  it('reads PORT, HOST, SHINPAN_DB, SHINPAN_SECRET and the cookie and proxy flags', () => {
    const config = serverConfigFromEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      SHINPAN_DB: '/srv/shinpan/kanto.db',
      SHINPAN_SECRET: 'a-long-enough-secret',
      SHINPAN_SECURE_COOKIES: '1',
      SHINPAN_TRUST_PROXY: '2',
      SHINPAN_STREAMS_PER_ADDRESS: '200',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'sqlite', path: '/srv/shinpan/kanto.db' },
      secret: 'a-long-enough-secret',
      secureCookies: true,
      trustProxy: 2,
      streamsPerAddress: 200,
      backups: undefined,
      logLevel: 'info',
      metricsToken: undefined,
      publicUrl: null,
      tls: null,
      httpRedirectPort: null,
      httpPort: null,
      caches: true,
    });
  });

  it('reads SHINPAN_TRUST_PROXY as hops or proxy addresses, never as "believe every hop"', () => {
    expect(serverConfigFromEnv({ SHINPAN_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(serverConfigFromEnv({ SHINPAN_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    // The old "true" meant one proxy in front; it still does, and no longer trusts the client's own entries.
    expect(serverConfigFromEnv({ SHINPAN_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(serverConfigFromEnv({ SHINPAN_TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('lets DATABASE_URL win over SHINPAN_DB, and command-line options win over both', () => {
    const env = { DATABASE_URL: 'postgres://u:p@db:5432/shinpan', SHINPAN_DB: 'ignored.db', PORT: '8080' };
    expect(serverConfigFromEnv(env).database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/shinpan' });
    const overridden = serverConfigFromEnv(env, { port: '0', db: './practice.db', host: '::1' });
    expect([overridden.port, overridden.host, overridden.database]).toEqual([
      0,
      '::1',
      { kind: 'sqlite', path: './practice.db' },
    ]);
  });

  it('refuses a bad port, a short secret, a bad flag and a non-PostgreSQL URL, naming the variable', () => {
    const message = (env: NodeJS.ProcessEnv, overrides = {}) => {
      try {
        serverConfigFromEnv(env, overrides);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    expect(message({ PORT: 'http' })).toBe('PORT: expected a port number 0–65535, got "http"');
    expect(message({}, { port: '70000' })).toBe('--port: expected a port number 0–65535, got "70000"');
    expect(message({ SHINPAN_SECRET: 'short' })).toMatch(/^SHINPAN_SECRET: use at least 16 characters/);
    expect(message({ SHINPAN_SECURE_COOKIES: 'yes' })).toBe(
      'SHINPAN_SECURE_COOKIES: expected 1/true or 0/false, got "yes"',
    );
    expect(message({ SHINPAN_TRUST_PROXY: 'yes' })).toMatch(
      /^SHINPAN_TRUST_PROXY: expected 0, a number of proxy hops .*got "yes"$/,
    );
    expect(message({ SHINPAN_TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' })).toMatch(/got "10.0.0.0\/33"$/);
    expect(message({ SHINPAN_STREAMS_PER_ADDRESS: '0' })).toBe(
      'SHINPAN_STREAMS_PER_ADDRESS: expected a whole number ≥ 1, got "0"',
    );
    expect(message({ DATABASE_URL: 'mysql://db/shinpan' })).toBe(
      'database: only postgres:// URLs or a SQLite file path are supported, got "mysql://db/shinpan"',
    );
  });
});
