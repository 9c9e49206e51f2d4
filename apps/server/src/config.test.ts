import { describe, expect, it } from 'vitest';
import { ConfigError, identityPublicUrl, loadConfig, publicUrl, runsWorkers } from './config.ts';

describe('loadConfig', () => {
  it('runs with nothing set: port 3000 on localhost, PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable and why, without echoing its value', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://user:hunter2@db/x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrowError(ConfigError);
    const message = messageOf(attempt);
    expect(message).toContain('PORT: must be a number');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toMatch(/LOG_LEVEL: .*info/);
    expect(message).not.toContain('hunter2');
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrowError('PORT: must be between 0 and 65535');
  });
});

describe('public URLs', () => {
  it('derive from where the process listens unless PUBLIC_URL says otherwise', () => {
    expect(publicUrl(loadConfig({}))).toBe('http://localhost:3000');
    expect(publicUrl(loadConfig({ HOST: '127.0.0.1', PORT: '4000' }))).toBe('http://127.0.0.1:4000');
    expect(publicUrl(loadConfig({ HOST: '0.0.0.0' }))).toBe('http://localhost:3000');
    expect(publicUrl(loadConfig({ HOST: '::1' }))).toBe('http://[::1]:3000');
    const behindProxy = loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://stackyard.example/' });
    expect(publicUrl(behindProxy)).toBe('https://stackyard.example');
    expect(identityPublicUrl(behindProxy)).toBe('https://stackyard.example/.ory');
    expect(identityPublicUrl(loadConfig({ IDENTITY_PUBLIC_URL: 'https://id.example' }))).toBe(
      'https://id.example',
    );
  });
});

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a throw');
}

describe('job workers', () => {
  it('run with `all` and `worker`, not with `api` or `identity` unless RUN_WORKERS says so', () => {
    const runs = (env: Record<string, string>) => runsWorkers(loadConfig(env));
    expect(runs({})).toBe(true);
    expect(runs({ ROLE: 'worker' })).toBe(true);
    expect(runs({ ROLE: 'api' })).toBe(false);
    expect(runs({ ROLE: 'identity' })).toBe(false);
    expect(runs({ ROLE: 'api', RUN_WORKERS: 'true' })).toBe(true);
    expect(runs({ ROLE: 'all', RUN_WORKERS: 'false' })).toBe(false);
    expect(() => loadConfig({ RUN_WORKERS: 'yes' })).toThrow(ConfigError);
  });
});
