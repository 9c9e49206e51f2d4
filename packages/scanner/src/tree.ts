import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { mapBounded } from './pool.ts';
import type { TreeEntry, TreeReader } from './types.ts';

// Trees to scan: a local directory, bounded, and files held in memory (an uploaded archive, a forge's tree).

/** Installed packages, version control and virtual environments hold no manifests of the project's own. */
export const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  'vendor',
  'bower_components',
  '.venv',
  'venv',
  '__pycache__',
]);

export interface LocalTreeLimits {
  /** Files listed before the walk stops (the listing is then truncated). */
  maxFiles: number;
  /** A larger file is not read. */
  maxFileBytes: number;
}

/** Directories read at once while listing. */
const READDIR_CONCURRENCY = 16;

export const DEFAULT_LIMITS: LocalTreeLimits = { maxFiles: 100_000, maxFileBytes: 20 * 1024 * 1024 };

/** A file over the tree's size bound; its message is the finding the scan reports. */
export class FileTooLarge extends Error {}

export function localTree(root: string, limits: Partial<LocalTreeLimits> = {}): TreeReader {
  const { maxFiles, maxFileBytes } = { ...DEFAULT_LIMITS, ...limits };
  return {
    async list() {
      const files: TreeEntry[] = [];
      // Breadth first, so a bound cuts deep corners of the tree rather than whole top-level directories. A
      // level's directories are read together, a bounded number at once (one after the other, the walk waited
      // for each), and their entries taken in the same order as one at a time.
      let level = [''];
      while (level.length > 0) {
        const listings = await mapBounded(level, READDIR_CONCURRENCY, (directory) =>
          readdir(join(root, directory), { withFileTypes: true }).catch(() => []),
        );
        const next: string[] = [];
        for (const [index, directory] of level.entries()) {
          const entries = listings[index] ?? [];
          entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
          for (const entry of entries) {
            const path = directory ? `${directory}/${entry.name}` : entry.name;
            // Symbolic links are not followed: they may leave the tree or loop.
            if (entry.isDirectory()) {
              if (!SKIPPED_DIRECTORIES.has(entry.name)) next.push(path);
            } else if (entry.isFile()) {
              if (files.length >= maxFiles) return { files, truncated: true };
              files.push({ path, size: null });
            }
          }
        }
        level = next;
      }
      return { files, truncated: false };
    },
    async read(path) {
      const handle = await open(join(root, path));
      try {
        const { size } = await handle.stat();
        if (size > maxFileBytes)
          throw new FileTooLarge(`Skipped: ${size} bytes, over the ${maxFileBytes}-byte limit.`);
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    },
  };
}

/** Files given as path → text. */
export function memoryTree(files: Record<string, string>): TreeReader {
  return {
    async list() {
      const entries = Object.entries(files).map(([path, text]) => ({ path, size: Buffer.byteLength(text) }));
      return { files: entries, truncated: false };
    },
    async read(path) {
      const text = files[path];
      if (text === undefined) throw new Error(`${path} is not in the tree`);
      return text;
    },
  };
}
