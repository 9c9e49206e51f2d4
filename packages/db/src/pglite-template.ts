import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POSTGRESQL_CONF } from './pglite-thread.ts';

// A new embedded cluster costs seconds: initdb, then every migration. The tarball of a cluster just made and
// migrated starts the next new data directory in a fraction of that (PGlite loads it instead of running
// initdb, and the migrations find nothing left to do). It is kept in the user's cache, keyed by the
// migrations, PGlite's version and its settings, so a tarball never stands in for a cluster these would make
// differently; the first new cluster on a machine makes it.

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
const PREFIX = 'pglite-migrated-';

function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(migrationsDir, file)));
    }
  }
  const pglite = dirname(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  hash.update(readFileSync(join(pglite, 'package.json'))).update(POSTGRESQL_CONF);
  return hash.digest('hex').slice(0, 16);
}

/** The folder of stackyard's caches (the launcher keeps its Node there too). */
function cacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'stackyard');
}

const templatePath = () => join(cacheDir(), `${PREFIX}${templateKey()}.tar`);

// Where a tar file's first header says it is one (POSIX ustar).
const TAR_MAGIC_AT = 257;

/**
 * The migrated cluster's tarball for the current migrations, when one was kept. A file that is not a tarball
 * (emptied, overwritten) is dropped rather than handed to PGlite, which would fail the start on it.
 */
export function readTemplate(): ArrayBuffer | null {
  const path = templatePath();
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return null;
  }
  if (bytes.toString('latin1', TAR_MAGIC_AT, TAR_MAGIC_AT + 5) !== 'ustar') {
    rmSync(path, { force: true });
    return null;
  }
  // A copy of the bytes in a buffer of their own (a read file's Buffer may sit in a shared pool).
  return new Uint8Array(bytes).buffer;
}

/**
 * Keeps the tarball for the next new cluster, in place of those of other migrations. Written aside and
 * renamed, so a process starting at the same time never reads half a file. A cache that cannot be written
 * costs later new clusters their time, nothing else: the error is swallowed.
 */
export function saveTemplate(tarball: ArrayBuffer): void {
  try {
    const path = templatePath();
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(tarball));
    renameSync(partial, path);
    for (const name of readdirSync(dirname(path))) {
      if (name.startsWith(PREFIX) && name.endsWith('.tar') && join(dirname(path), name) !== path) {
        rmSync(join(dirname(path), name), { force: true });
      }
    }
  } catch {
    // See above: only a later start's speed depends on it.
  }
}
