import { afterEach, describe, expect, it, vi } from 'vitest';
import { restartEnvironment } from './process-restart.ts';

const TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=131072';

function restartWith(env: Record<string, string | undefined>): NodeJS.ProcessEnv | null {
  for (const name of [
    'GLIBC_TUNABLES',
    'MALLOC_ARENA_MAX',
    'NODE_COMPILE_CACHE',
    'NODE_DISABLE_COMPILE_CACHE',
  ]) {
    vi.stubEnv(name, undefined);
  }
  vi.stubEnv('XDG_CACHE_HOME', '/cache');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const restarted = restartEnvironment();
  return (
    restarted && {
      GLIBC_TUNABLES: restarted.GLIBC_TUNABLES,
      NODE_COMPILE_CACHE: restarted.NODE_COMPILE_CACHE,
    }
  );
}

afterEach(() => vi.unstubAllEnvs());

describe('restartEnvironment', () => {
  it("adds malloc's tuning and the compile cache under XDG_CACHE_HOME", () => {
    expect(restartWith({})).toEqual({
      GLIBC_TUNABLES: TUNABLES,
      NODE_COMPILE_CACHE: '/cache/stackyard/compile',
    });
  });

  it('keeps what the user set, and restarts only for what is missing', () => {
    expect(restartWith({ GLIBC_TUNABLES: '' })).toEqual({
      GLIBC_TUNABLES: '',
      NODE_COMPILE_CACHE: '/cache/stackyard/compile',
    });
    expect(restartWith({ NODE_COMPILE_CACHE: '/elsewhere' })).toEqual({
      GLIBC_TUNABLES: TUNABLES,
      NODE_COMPILE_CACHE: '/elsewhere',
    });
    expect(restartWith({ MALLOC_ARENA_MAX: '4', NODE_COMPILE_CACHE: '/elsewhere' })).toBeNull();
  });

  it('leaves the compile cache off when NODE_DISABLE_COMPILE_CACHE says so', () => {
    expect(restartWith({ GLIBC_TUNABLES: TUNABLES, NODE_DISABLE_COMPILE_CACHE: '1' })).toBeNull();
  });
});
