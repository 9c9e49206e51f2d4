import { compileCacheFolder } from './compile-cache.ts';

// glibc gives each thread that allocates its own malloc arena, up to eight per core, and keeps what a thread
// freed in its arena: V8's compiler threads and the PGlite thread left about 95 MiB of native memory resident
// in five arenas once idle (bench/README.md, start-up). Two arenas, and a fixed trim threshold (which also keeps
// allocations above 128 KiB in mappings of their own, given back when freed), took about 60 MiB off the idle
// RSS. glibc reads these only when a process starts.
const TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=131072';

/**
 * What the process restarts with, or null when it need not restart. Besides malloc's tuning, the compile
 * cache: enabled from the environment, it serves the entry module and the first ones it imports too, so Node
 * never loads its TypeScript stripper (a WebAssembly build of swc whose 3.6 MB of JavaScript stays in the
 * heap for the life of the process) once the cache holds every module. A value the user set wins, and
 * NODE_DISABLE_COMPILE_CACHE leaves the cache off.
 */
export function restartEnvironment(): NodeJS.ProcessEnv | null {
  const added: NodeJS.ProcessEnv = {};
  if (process.env.GLIBC_TUNABLES === undefined && process.env.MALLOC_ARENA_MAX === undefined) {
    added.GLIBC_TUNABLES = TUNABLES;
  }
  if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) {
    added.NODE_COMPILE_CACHE = compileCacheFolder(process.env);
  }
  return Object.keys(added).length > 0 ? { ...process.env, ...added } : null;
}

/**
 * Restarts this process (the same id, arguments and Node flags) with `restartEnvironment`, unless it adds
 * nothing. Call it first: nothing done before it is kept.
 */
export function restartTuned(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  const env = restartEnvironment();
  if (env) {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
  }
}
