import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import { POSTGRESQL_CONF } from './pglite-thread.ts';

// A new embedded cluster costs seconds: initdb, then every migration. A copy of a cluster taken right after
// its migrations (checkpointed, before the server writes anything else) starts the next new data directory in
// a fraction of that: PGlite opens it as any existing one, whose migrations table already lists each
// migration. The copy is kept in the user's cache, keyed by the migrations, PGlite's version and its settings,
// so it never stands in for a cluster these would make differently; the first new cluster on a machine makes it.

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
const PREFIX = 'pglite-migrated-';
// Written last into a new data directory: a copy cut short leaves none, and the next start copies again.
const VERSION_FILE = 'PG_VERSION';

let key: string | null = null;

/**
 * What a migrated cluster depends on: the migrations, PGlite's version and its settings (hashed once per
 * process). Tests key their in-memory snapshots by it too.
 */
export function migratedClusterKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(migrationsDir, file)));
    }
  }
  const pglite = dirname(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  hash.update(readFileSync(join(pglite, 'package.json'))).update(POSTGRESQL_CONF);
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** The folder of stackyard's caches (the launcher keeps its Node there too). */
function cacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'stackyard');
}

const templatePath = () => join(cacheDir(), `${PREFIX}${migratedClusterKey()}`);

/** The kept migrated cluster for these migrations, or null when none is kept yet. */
export function keptTemplate(): string | null {
  const path = templatePath();
  return existsSync(join(path, VERSION_FILE)) ? path : null;
}

/**
 * Fills a new data directory with a kept migrated cluster (`keptTemplate`); false when the copy fails (the
 * cache changed under it): what it copied is removed again, and initdb makes the cluster instead.
 */
export function copyTemplate(source: string, dataDir: string): boolean {
  const versionFile = join(source, VERSION_FILE);
  let names: string[] = [];
  try {
    names = readdirSync(source);
    // Only the cluster's own version file waits; each database's folder has one too.
    cpSync(source, dataDir, { recursive: true, filter: (path) => path !== versionFile });
    copyFileSync(versionFile, join(dataDir, VERSION_FILE));
    return true;
  } catch {
    for (const name of names) rmSync(join(dataDir, name), { recursive: true, force: true });
    return false;
  }
}

/**
 * Keeps a copy of a checkpointed cluster holding only its migrations, in place of those of other
 * migrations. Copied aside and renamed, so a process starting at the same time never copies half of it. A
 * cache that cannot be written costs later new clusters their time, nothing else: the error is swallowed.
 */
export function keepTemplate(dataDir: string): void {
  const path = templatePath();
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    if (existsSync(join(path, VERSION_FILE))) return;
    // A copy without its version file is one cut short: it is never used, so it is made again.
    rmSync(path, { recursive: true, force: true });
    mkdirSync(dirname(path), { recursive: true });
    const lockFile = join(dataDir, LOCK_FILE_NAME);
    cpSync(dataDir, partial, { recursive: true, filter: (source) => source !== lockFile });
    renameSync(partial, path);
    for (const name of readdirSync(dirname(path))) {
      const other = join(dirname(path), name);
      if (name.startsWith(PREFIX) && other !== path && !name.includes('.')) {
        rmSync(other, { recursive: true, force: true });
      }
    }
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
}
