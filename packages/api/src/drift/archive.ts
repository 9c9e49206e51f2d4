import type { UnzipFileInfo } from 'fflate';
import { readTarGz, TarBombError, TarError } from './tar.ts';
import { AppError } from '@stackyard/contracts/problem';
import type { ScanResultBody } from '@stackyard/contracts/drift';
import { manifestKind } from '@stackyard/scanner/kinds';
import { DEFAULT_SCAN_LIMITS, scanTree } from '@stackyard/scanner/scan';
import { SKIPPED_DIRECTORIES } from '@stackyard/scanner/tree';
import type { TreeEntry } from '@stackyard/scanner/types';
import { groupThousands } from '@stackyard/contracts/numbers';

// A checkout uploaded as a .zip or a .tar.gz: only its manifests are unpacked and held (a .zip's each into a
// buffer of the size the archive declares for it, a .tar.gz's as its stream passes), so neither a bomb nor a
// large repository can make the server hold more than the bounds.

/** The request body limit of an archive upload. */
export const ARCHIVE_BYTES_MAX = 50 * 1024 * 1024;
export const ARCHIVE_ENTRIES_MAX = 100_000;
/** What all entries together may unpack to, as declared; a real checkout is far below. */
export const ARCHIVE_UNPACKED_MAX = 1024 * 1024 * 1024;
/** Deflate reaches ~1000:1 on degenerate input; source code compresses well under 20:1. */
export const ARCHIVE_RATIO_MAX = 100;
/** Manifests inflated in all. */
const MANIFEST_BYTES_MAX = 64 * 1024 * 1024;
/**
 * A .tar.gz is unpacked as a stream, up to ARCHIVE_RATIO_MAX times its size (at least this much, as a small
 * tar of many small files pads each to 512 bytes and compresses far better than its contents).
 */
const TAR_UNPACKED_MIN = 16 * 1024 * 1024;

const bad = (message: string) => new AppError('bad_request', message);

const NOT_AN_ARCHIVE =
  'This file is neither a .zip nor a .tar.gz archive. Upload a .zip or a .tar.gz of the repository’s checkout.';

/** Scans the manifests of a .zip or a .tar.gz of a repository's checkout. */
export async function scanArchive(bytes: Buffer): Promise<ScanResultBody> {
  if (isZip(bytes)) return scanZip(bytes);
  if (isGzip(bytes)) return scanTarGz(bytes);
  throw bad(NOT_AN_ARCHIVE);
}

/** Which entries of an archive are listed and which unpacked, within the bounds; the same for both kinds. */
class Admission {
  readonly listed: TreeEntry[] = [];
  #entries = 0;
  #unpacked = 0;
  #inflated = 0;
  // The one folder every entry is in, if there is one (undefined before the first entry, null when none).
  #top: string | null | undefined;

  /** Whether to unpack the entry: a manifest within the bounds. Throws for an archive to refuse. */
  admit(path: string, size: number, file: boolean): boolean {
    if (++this.#entries > ARCHIVE_ENTRIES_MAX)
      throw bad(`The archive holds more than ${groupThousands(ARCHIVE_ENTRIES_MAX)} entries.`);
    if (!isInside(path)) throw bad(`The archive holds a path outside its folder: ${path}`);
    this.#unpacked += size;
    if (this.#unpacked > ARCHIVE_UNPACKED_MAX) throw bomb('zip');
    const folder = path.includes('/') ? path.slice(0, path.indexOf('/') + 1) : null;
    this.#top = this.#top === undefined || this.#top === folder ? folder : null;
    if (
      !file ||
      path.endsWith('/') ||
      !manifestKind(path) ||
      path.split('/').some((part) => SKIPPED_DIRECTORIES.has(part))
    )
      return false;
    this.listed.push({ path, size });
    // Larger than the scanner reads, or over the total: listed (the scan says it skipped it), not unpacked.
    if (size > DEFAULT_SCAN_LIMITS.maxLockfileBytes || this.#inflated + size > MANIFEST_BYTES_MAX)
      return false;
    this.#inflated += size;
    return true;
  }

  /** Scans what was admitted; GitHub's downloads and most tools put the checkout in one folder (app-main/). */
  async scan(unpacked: (path: string) => Uint8Array | undefined): Promise<ScanResultBody> {
    const prefix = this.#top ?? '';
    const decoder = new TextDecoder();
    const result = await scanTree({
      list: async () => ({
        files: this.listed.map((entry) => ({ path: entry.path.slice(prefix.length), size: entry.size })),
        truncated: false,
      }),
      async read(path) {
        const data = unpacked(prefix + path);
        if (!data)
          throw new Error(`Skipped: the archive's manifests are over ${MANIFEST_BYTES_MAX} bytes in all.`);
        return decoder.decode(data);
      },
    });
    if (result.files === 0)
      throw bad('The archive holds no manifest stackyard reads (package.json, requirements.txt, go.mod …).');
    return result;
  }
}

const bomb = (kind: 'zip' | 'gzip') =>
  bad(`The archive unpacks to far more than it weighs; it is refused as a ${kind} bomb.`);

async function scanZip(bytes: Buffer): Promise<ScanResultBody> {
  const admission = new Admission();
  const keep = (file: UnzipFileInfo): boolean => {
    if (file.originalSize > 1024 * 1024 && file.originalSize > file.size * ARCHIVE_RATIO_MAX)
      throw bomb('zip');
    return admission.admit(file.name, file.originalSize, true);
  };
  let unpacked: Record<string, Uint8Array>;
  // Loaded with the first .zip uploaded: most servers never unpack one.
  const { unzipSync } = await import('fflate');
  try {
    unpacked = unzipSync(bytes, { filter: keep });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw bad(
      `This .zip archive cannot be read: ${error instanceof Error ? error.message : 'it is damaged'}.`,
    );
  }
  return admission.scan((path) => unpacked[path]);
}

async function scanTarGz(bytes: Buffer): Promise<ScanResultBody> {
  const admission = new Admission();
  const maxUnpacked = Math.min(
    ARCHIVE_UNPACKED_MAX,
    Math.max(TAR_UNPACKED_MIN, bytes.length * ARCHIVE_RATIO_MAX),
  );
  let unpacked: Map<string, Buffer>;
  try {
    unpacked = await readTarGz(
      bytes,
      (entry) => admission.admit(entry.path, entry.size, entry.file),
      maxUnpacked,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof TarBombError) throw bomb('gzip');
    const reason = error instanceof TarError ? error.message : 'it is not a gzip’d tar, or it is damaged';
    throw bad(`This .tar.gz archive cannot be read: ${reason}.`);
  }
  return admission.scan((path) => unpacked.get(path));
}

function isZip(bytes: Buffer): boolean {
  // A local file header, or the end record of an empty archive.
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;
}

function isInside(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name)) return false;
  return !name.split('/').includes('..');
}
