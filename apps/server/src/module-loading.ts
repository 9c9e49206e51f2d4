// A work-around for a cost of Node's ES module loader, registered by main.ts before the app is imported.
//
// For every `.js` module it loads, Node (22 to 24 at least) asks for the module's package scope to tell its
// format, and the answer is spread into a new object, which runs the lazy getter of the package's `exports`
// map and JSON-parses it again; every bare import (`from 'drizzle-orm'`) parses it once more. drizzle-orm's
// package.json is 175 kB with ~450 export entries and the server loads a few hundred of its modules, so
// start-up parsed that map some 500 times: ~150 MB allocated while loading, long-lived enough to grow V8's
// young generation to its maximum (2 × 64 MiB), which the process then keeps resident for its whole life
// (`npm run bench -- startup`). These hooks give Node the answers it would work out itself:
// - a package's relative imports of its own `.js` files resolve to that file, with the format its
//   package.json's "type" says (when the file is missing, Node's own resolution answers, with its error);
// - a bare import of the package resolves once per node_modules directory Node would find it in (and per
//   set of conditions), later imports reuse that answer.
// Only the packages below, and only where a module hook API exists (Node 22.15, 23.5 and newer).
// They also answer drizzle-orm's PGlite driver's import of @electric-sql/pglite with drizzle-pglite-names.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import module, { type ResolveFnOutput } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = ['drizzle-orm'];

const NODE_MODULES = '/node_modules/';
const DRIZZLE_PGLITE = `${NODE_MODULES}drizzle-orm/pglite/`;
const PGLITE_NAMES = new URL('./drizzle-pglite-names.ts', import.meta.url).href;

let registered = false;

export function registerModuleLoadingShortcuts(): void {
  // `registerHooks` is missing from Node before 22.15 (the types do not say so): there, modules load as before.
  if (registered || typeof (module as { registerHooks?: unknown }).registerHooks !== 'function') return;
  registered = true;
  const formats = new Map<string, string | null>();
  const bare = new Map<string, ResolveFnOutput>();

  // The package root (`file:///…/node_modules/<name>/`) holding this URL, when it is one of PACKAGES whose
  // package.json says "type": "module".
  function moduleRoot(url: string): string | null {
    const at = url.lastIndexOf(NODE_MODULES);
    if (at === -1) return null;
    const rest = url.slice(at + NODE_MODULES.length);
    const name = PACKAGES.find((candidate) => rest.startsWith(`${candidate}/`));
    if (!name) return null;
    const root = `${url.slice(0, at + NODE_MODULES.length)}${name}/`;
    let format = formats.get(root);
    if (format === undefined) {
      format = packageType(new URL('package.json', root)) === 'module' ? 'module' : null;
      formats.set(root, format);
    }
    return format ? root : null;
  }

  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
      if (specifier === '@electric-sql/pglite' && parent.includes(DRIZZLE_PGLITE)) {
        return { url: PGLITE_NAMES, shortCircuit: true };
      }
      if ((specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
        const root = moduleRoot(parent);
        if (root) {
          const url = new URL(specifier, parent);
          if (url.href.startsWith(root) && !url.search && !url.hash && isFile(url)) {
            return { url: url.href, format: 'module', shortCircuit: true };
          }
        }
        return nextResolve(specifier, context);
      }
      const name = PACKAGES.find(
        (candidate) => specifier === candidate || specifier.startsWith(`${candidate}/`),
      );
      // From inside node_modules a package may resolve itself by name: Node answers those as usual.
      if (!name || parent.includes(NODE_MODULES)) return nextResolve(specifier, context);
      const key = `${lookupDir(fileURLToPath(parent), name)}\0${specifier}\0${context.conditions.join('\0')}`;
      let result = bare.get(key);
      if (!result) {
        result = { ...nextResolve(specifier, context), shortCircuit: true };
        bare.set(key, result);
      }
      return result;
    },
  });
}

function packageType(url: URL): unknown {
  try {
    return (JSON.parse(readFileSync(url, 'utf8')) as { type?: unknown }).type;
  } catch {
    return undefined;
  }
}

function isFile(url: URL): boolean {
  try {
    return statSync(url).isFile();
  } catch {
    return false;
  }
}

// The directory whose node_modules/<name> Node's resolution would use for a module in `file`'s directory (the
// nearest one up), or '' when there is none (Node then fails, and the failure is not remembered).
function lookupDir(file: string, name: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name))) return dir;
    if (dirname(dir) === dir) return '';
  }
}
