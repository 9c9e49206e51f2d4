// A work-around for the costs of Node's ES module loader, registered by main.ts before the app is imported.
//
// Node (22 to 24 at least) resolves every import on its own, without remembering the answer for the next
// import of the same file: it stats the file, follows its path through realpath, and asks for the package
// scope to tell its format. That answer is spread into a new object, which runs the lazy getter of the
// package's `exports` map and JSON-parses it again; every bare import (`from 'zod'`) parses it once more.
// drizzle-orm's package.json alone is 175 kB with ~450 export entries, and the server loads a few hundred of
// its modules: start-up parsed that map some 500 times, ~150 MB allocated while loading, long-lived enough
// to grow V8's young generation to its maximum, which the process then kept resident. Over the server's
// ~900 modules and ~2,000 imports, resolving was also about a fifth of the main thread's start-up
// (`npm run bench -- startup`). These hooks give Node the answers it would work out itself, remembered:
// - a relative import of a `.js`, `.mjs` or (outside node_modules) `.ts` file resolves to that file, when it
//   is a plain file in a directory whose real path is its path, with the format its nearest package.json's
//   "type": "module" gives; anything else (a missing file, a symbolic link, a package without that "type",
//   whose `.js` files Node tells apart by their syntax) is left to Node, with its errors;
// - a bare import from the app's own files resolves once per node_modules directory Node would find it in
//   (and per set of conditions); later imports reuse that answer.
// Only where a module hook API exists (Node 22.15, 23.5 and newer), and only for `import`, not `require`.
// They also answer drizzle-orm's PGlite driver's import of @electric-sql/pglite with drizzle-pglite-names.ts.
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import module, { type ResolveFnOutput } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_MODULES = '/node_modules/';
const DRIZZLE_PGLITE = `${NODE_MODULES}drizzle-orm/pglite/`;
const PGLITE_NAMES = new URL('./drizzle-pglite-names.ts', import.meta.url).href;
const FORMATS: Record<string, string> = { '.js': 'module', '.mjs': 'module', '.ts': 'module-typescript' };

let registered = false;

export function registerModuleLoadingShortcuts(): void {
  // `registerHooks` is missing from Node before 22.15 (the types do not say so): there, modules load as before.
  if (registered || typeof (module as { registerHooks?: unknown }).registerHooks !== 'function') return;
  registered = true;
  const bare = new Map<string, ResolveFnOutput>();
  const lookupDirs = new Map<string, string>();
  const directories = new Map<string, boolean>();
  // Plain files found: a file is imported from many modules, and a stat is not free.
  const files = new Set<string>();

  // A relative import's file and format, when Node would answer the same (above); null to ask Node.
  function relative(specifier: string, parent: string): ResolveFnOutput | null {
    const extension = specifier.slice(specifier.lastIndexOf('.'));
    const format = FORMATS[extension];
    if (!format) return null;
    const url = new URL(specifier, parent);
    if (url.search || url.hash) return null;
    if (format === 'module-typescript' && url.pathname.includes(NODE_MODULES)) return null;
    const file = fileURLToPath(url);
    const dir = dirname(file);
    if (!isRealModuleDirectory(dir)) return null;
    if (!files.has(file)) {
      if (!isPlainFile(file)) return null;
      files.add(file);
    }
    return { url: url.href, format, shortCircuit: true };
  }

  // Whether `dir` is its own real path and its package scope says "type": "module" (remembered per directory).
  function isRealModuleDirectory(dir: string): boolean {
    let answer = directories.get(dir);
    if (answer === undefined) {
      answer = realpathOrNull(dir) === dir && scopeType(dir) === 'module';
      directories.set(dir, answer);
    }
    return answer;
  }

  // The directory whose node_modules/<name> Node's resolution would use for `file`, remembered per directory.
  function lookupDir(file: string, name: string): string {
    const key = `${dirname(file)}\0${name}`;
    let found = lookupDirs.get(key);
    if (found === undefined) {
      found = nearestWithPackage(dirname(file), name);
      // Not found: Node fails, and the failure is not remembered.
      if (found) lookupDirs.set(key, found);
    }
    return found;
  }

  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (!parent?.startsWith('file:') || !context.conditions.includes('import')) {
        return nextResolve(specifier, context);
      }
      if (specifier === '@electric-sql/pglite' && parent.includes(DRIZZLE_PGLITE)) {
        return { url: PGLITE_NAMES, shortCircuit: true };
      }
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        return relative(specifier, parent) ?? nextResolve(specifier, context);
      }
      const name = packageName(specifier);
      // From inside node_modules a package may resolve itself by name: Node answers those as usual.
      if (!name || parent.includes(NODE_MODULES)) return nextResolve(specifier, context);
      const dir = lookupDir(fileURLToPath(parent), name);
      if (!dir) return nextResolve(specifier, context);
      const key = `${dir}\0${specifier}\0${context.conditions.join('\0')}`;
      let result = bare.get(key);
      if (!result) {
        result = { ...nextResolve(specifier, context), shortCircuit: true };
        bare.set(key, result);
      }
      return result;
    },
  });
}

// The package a bare specifier names (`zod`, `@scope/name`), or null for a built-in, a URL, or an import map
// entry (`#…`).
function packageName(specifier: string): string | null {
  if (specifier.startsWith('#') || specifier.includes(':') || module.isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

const manifestTypes = new Map<string, unknown>();

// The "type" of the nearest package.json at or above `dir`, as Node finds the package scope; each
// package.json is read once (drizzle-orm's is 175 kB, and its modules sit in some twenty directories).
function scopeType(dir: string): unknown {
  for (let at = dir; ; at = dirname(at)) {
    const manifest = join(at, 'package.json');
    if (manifestTypes.has(manifest)) return manifestTypes.get(manifest);
    if (existsSync(manifest)) {
      let type: unknown;
      try {
        type = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type;
      } catch {
        type = undefined;
      }
      manifestTypes.set(manifest, type);
      return type;
    }
    if (dirname(at) === at) return undefined;
  }
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

function isPlainFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

// The nearest directory at or above `dir` with node_modules/<name>, or '' when there is none.
function nearestWithPackage(dir: string, name: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules', name))) return at;
    if (dirname(at) === at) return '';
  }
}
