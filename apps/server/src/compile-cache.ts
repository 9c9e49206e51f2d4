import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CACHE_HOME/stackyard/compile`: where the server's compiled modules are kept between starts. */
export function compileCacheFolder(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'stackyard', 'compile');
}

/**
 * Keeps the compiled code of the server's modules (TypeScript stripped, then V8's code cache) in
 * `compileCacheFolder`, reused while a module's source is unchanged: Node otherwise strips and compiles every
 * module on every start, about a quarter of the time before the server opens its database. Worker threads
 * (PGlite's) inherit it through NODE_COMPILE_CACHE. A cache Node cannot use is skipped, never an error;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off and NODE_COMPILE_CACHE names another folder (Node's own).
 */
export function useCompileCache(): void {
  const { directory } = enableCompileCache(compileCacheFolder(process.env));
  if (directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = directory;
}
