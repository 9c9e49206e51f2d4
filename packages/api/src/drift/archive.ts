import { unzipSync, type UnzipFileInfo } from 'fflate';
import { AppError } from '@stackyard/contracts/problem';
import type { ScanResultBody } from '@stackyard/contracts/drift';
import { manifestKind } from '@stackyard/scanner/kinds';
import { DEFAULT_SCAN_LIMITS, scanTree } from '@stackyard/scanner/scan';
import { SKIPPED_DIRECTORIES } from '@stackyard/scanner/tree';
import type { TreeEntry } from '@stackyard/scanner/types';

// A checkout uploaded as a .zip: only its manifests are inflated, each into a buffer of the size the archive
// declares for it, so neither a zip bomb nor a large repository can make the server hold more than the bounds.

/** The request body limit of an archive upload. */
export const ARCHIVE_BYTES_MAX = 50 * 1024 * 1024;
export const ARCHIVE_ENTRIES_MAX = 100_000;
/** What all entries together may unpack to, as declared; a real checkout is far below. */
export const ARCHIVE_UNPACKED_MAX = 1024 * 1024 * 1024;
/** Deflate reaches ~1000:1 on degenerate input; source code compresses well under 20:1. */
export const ARCHIVE_RATIO_MAX = 100;
/** Manifests inflated in all. */
const MANIFEST_BYTES_MAX = 64 * 1024 * 1024;

const bad = (message: string) => new AppError('bad_request', message);

/** Scans the manifests of a .zip of a repository's checkout. */
export async function scanZip(bytes: Buffer): Promise<ScanResultBody> {
  if (!isZip(bytes))
    throw bad('This file is not a .zip archive. Upload a .zip of the repository’s checkout.');
  const listed: TreeEntry[] = [];
  let entries = 0;
  let unpacked = 0;
  let inflated = 0;
  // The one folder every entry is in, if there is one (undefined before the first entry, null when none).
  let top: string | null | undefined;
  const keep = (file: UnzipFileInfo): boolean => {
    if (++entries > ARCHIVE_ENTRIES_MAX)
      throw bad(`The archive holds more than ${ARCHIVE_ENTRIES_MAX.toLocaleString('en-US')} entries.`);
    if (!isInside(file.name)) throw bad(`The archive holds a path outside its folder: ${file.name}`);
    unpacked += file.originalSize;
    if (
      unpacked > ARCHIVE_UNPACKED_MAX ||
      (file.originalSize > 1024 * 1024 && file.originalSize > file.size * ARCHIVE_RATIO_MAX)
    )
      throw bad('The archive unpacks to far more than it weighs; it is refused as a zip bomb.');
    const path = file.name;
    const folder = path.includes('/') ? path.slice(0, path.indexOf('/') + 1) : null;
    top = top === undefined || top === folder ? folder : null;
    if (
      path.endsWith('/') ||
      !manifestKind(path) ||
      path.split('/').some((part) => SKIPPED_DIRECTORIES.has(part))
    )
      return false;
    listed.push({ path, size: file.originalSize });
    // Larger than the scanner reads, or over the total: listed (the scan says it skipped it), not inflated.
    if (
      file.originalSize > DEFAULT_SCAN_LIMITS.maxLockfileBytes ||
      inflated + file.originalSize > MANIFEST_BYTES_MAX
    )
      return false;
    inflated += file.originalSize;
    return true;
  };
  let unpackedFiles: Record<string, Uint8Array>;
  try {
    unpackedFiles = unzipSync(bytes, { filter: keep });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw bad(
      `This .zip archive cannot be read: ${error instanceof Error ? error.message : 'it is damaged'}.`,
    );
  }
  const decoder = new TextDecoder();
  // GitHub's "Download ZIP" and most tools put the checkout in one folder (app-main/): paths start below it.
  const prefix = top ?? '';
  const strip = (path: string) => path.slice(prefix.length);
  const result = await scanTree({
    list: async () => ({
      files: listed.map((entry) => ({ path: strip(entry.path), size: entry.size })),
      truncated: false,
    }),
    async read(path) {
      const data = unpackedFiles[prefix + path];
      if (!data)
        throw new Error(`Skipped: the archive's manifests are over ${MANIFEST_BYTES_MAX} bytes in all.`);
      return decoder.decode(data);
    },
  });
  if (result.files === 0)
    throw bad('The archive holds no manifest stackyard reads (package.json, requirements.txt, go.mod …).');
  return result;
}

function isZip(bytes: Buffer): boolean {
  // A local file header, or the end record of an empty archive.
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

function isInside(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name)) return false;
  return !name.split('/').includes('..');
}
