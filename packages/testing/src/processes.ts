// Helpers for tests that run the real server (or another entry point) as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const serverEntry = join(repoRoot, 'apps/server/src/main.ts');

export interface Child {
  process: ChildProcess;
  /** Everything the child wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the first match of the pattern in the output; rejects if the child exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once the output holds at least `count` lines matching the pattern. */
  waitForLines(pattern: RegExp, count: number, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runTs(entry: string, env: Record<string, string | undefined>, args: string[] = []): Child {
  return runCommand(process.execPath, ['--experimental-strip-types', entry, ...args], env);
}

/** Any command, with the repository as its working directory; `detached` gives it a process group of its own. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: { detached?: boolean } = {},
): Child {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const listener of listeners) listener();
  });

  const waitUntil = <T>(find: () => T | null, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}; output so far:\n${output.slice(-4000)}`));
      }, timeoutMs);
      function check() {
        const found = find();
        if (found === null && !hasExited) return;
        clearTimeout(timer);
        listeners.delete(check);
        if (found !== null) resolve(found);
        else reject(new Error(`exited before ${what}; output:\n${output.slice(-4000)}`));
      }
      listeners.add(check);
      check();
    });

  return {
    process: child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 30_000) =>
      waitUntil(() => output.match(pattern), String(pattern), timeoutMs),
    waitForLines: async (pattern, count, timeoutMs = 30_000) => {
      const lines = new RegExp(pattern.source, 'gm');
      await waitUntil(
        () => ((output.match(lines)?.length ?? 0) >= count ? true : null),
        `${count} lines matching ${pattern}`,
        timeoutMs,
      );
    },
  };
}

/**
 * Tool facts upstreams for servers under test: a closed loopback port, which the guarded fetcher refuses
 * unless a test allowlists it, so nothing is fetched from the internet. A test sets its fakes' URLs over these.
 */
export const OFFLINE_FACTS_ENV = {
  GITHUB_API_URL: 'http://127.0.0.1:9',
  NPM_REGISTRY_URL: 'http://127.0.0.1:9',
  NPM_DOWNLOADS_URL: 'http://127.0.0.1:9',
  PYPI_URL: 'http://127.0.0.1:9',
  CRATES_URL: 'http://127.0.0.1:9',
  DEPS_DEV_URL: 'http://127.0.0.1:9',
};

/** Starts the real server on a free port; resolves once it prints its URL. */
export async function startServerProcess(
  env: Record<string, string | undefined>,
): Promise<Child & { url: string }> {
  const child = runTs(serverEntry, { HOST: '127.0.0.1', PORT: '0', ...OFFLINE_FACTS_ENV, ...env });
  const match = await child.waitFor(/stackyard listening on (http:\/\/\S+)/);
  return Object.assign(child, { url: match[1] as string });
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface Cleanups {
  add(cleanup: () => void | Promise<void>): void;
  /** Kills the child (SIGKILL) at cleanup time if it is still running. */
  track<T extends Child>(child: T): T;
  /** Runs the cleanups added so far, the last added first; call it after each test. */
  run(): Promise<void>;
}

export function createCleanups(): Cleanups {
  const pending: Array<() => void | Promise<void>> = [];
  const add = (cleanup: () => void | Promise<void>) => {
    pending.push(cleanup);
  };
  return {
    add,
    track(child) {
      add(async () => {
        if (child.process.exitCode === null && child.process.signalCode === null) {
          child.process.kill('SIGKILL');
          await child.exited;
        }
      });
      return child;
    },
    async run() {
      for (const cleanup of pending.splice(0).reverse()) await cleanup();
    },
  };
}
