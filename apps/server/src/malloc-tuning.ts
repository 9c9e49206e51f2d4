// glibc gives each thread that allocates its own malloc arena, up to eight per core, and keeps what a thread
// freed in its arena: V8's compiler threads and the PGlite thread left about 95 MiB of native memory resident
// in five arenas once idle (bench/README.md, start-up). Two arenas, and a fixed trim threshold (which also keeps
// allocations above 128 KiB in mappings of their own, given back when freed), took about 60 MiB off the idle
// RSS. glibc reads these only when a process starts, so the process replaces itself once with them set.
const TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=131072';

/**
 * Restarts this process (the same id, arguments and Node flags) with glibc's malloc tuned, unless the
 * environment already says how (`GLIBC_TUNABLES` or `MALLOC_ARENA_MAX`: a value set by the user wins). Call
 * it first: nothing done before it is kept.
 */
export function restartWithMallocTuning(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  if (process.env.GLIBC_TUNABLES !== undefined || process.env.MALLOC_ARENA_MAX !== undefined) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    GLIBC_TUNABLES: TUNABLES,
  });
}
