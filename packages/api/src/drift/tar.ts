import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

// A gzip'd tar (`git archive --format=tar.gz`, GitHub's tarball) read as a stream: the tar's 512-byte blocks
// are parsed as they are unpacked, and only the entries the caller keeps are held, so the archive itself is
// never unpacked in memory. Reads ustar names (with their prefix), pax `path` records and GNU long names;
// every entry that is not a regular file (folders, links, devices) is passed over.

const BLOCK = 512;

export interface TarEntry {
  path: string;
  size: number;
  /** Whether it is a regular file; the others are listed only so the caller can see the archive's shape. */
  file: boolean;
}

export class TarError extends Error {}

/** The archive unpacks to more than the bound it was read with. */
export class TarBombError extends TarError {}

interface Body {
  /** Bytes of the entry's blocks still to read, padding included. */
  left: number;
  size: number;
  /** What was read of it, when it is kept. */
  parts: Buffer[] | null;
  path: string;
  /** A record naming the next entry, rather than an entry. */
  meta: 'pax' | 'gnu' | null;
}

/** A queue of unpacked chunks, read from the front. */
class Bytes {
  #chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The next `count` bytes (at most what is here), removed. */
  take(count: number): Buffer {
    const taken: Buffer[] = [];
    let left = Math.min(count, this.length);
    while (left > 0) {
      const chunk = this.#chunks[0] as Buffer;
      if (chunk.length <= left) {
        taken.push(chunk);
        this.#chunks.shift();
        left -= chunk.length;
        this.length -= chunk.length;
      } else {
        taken.push(chunk.subarray(0, left));
        this.#chunks[0] = chunk.subarray(left);
        this.length -= left;
        left = 0;
      }
    }
    return taken.length === 1 ? (taken[0] as Buffer) : Buffer.concat(taken);
  }
}

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

function number(block: Buffer, start: number, length: number): number {
  // Base-256 (high bit set) for sizes over 8 GB: far over any bound here, so read as such.
  if ((block[start] ?? 0) & 0x80) return Number.MAX_SAFE_INTEGER;
  const digits = text(block, start, length).trim();
  if (!/^[0-7]*$/.test(digits)) throw new TarError('a damaged header');
  return digits ? parseInt(digits, 8) : 0;
}

function checksumHolds(block: Buffer): boolean {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 0x20 : (block[index] ?? 0);
  return sum === number(block, 148, 8);
}

/** The `path` of a pax extended header's records (`<length> <key>=<value>\n` each). */
function paxPath(records: Buffer): string | null {
  let path: string | null = null;
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = space === -1 ? NaN : Number(records.subarray(offset, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = records.subarray(space + 1, offset + length - 1).toString('utf8');
    if (record.startsWith('path=')) path = record.slice('path='.length);
    offset += length;
  }
  return path;
}

/**
 * Reads the archive, calling `admit` with every entry as its header arrives; the contents of the entries it
 * answers true for are answered by path. `maxUnpacked` bounds the bytes unpacked in all (a gzip bomb stops
 * there); `admit` may throw to stop the read.
 */
export async function readTarGz(
  archive: Buffer,
  admit: (entry: TarEntry) => boolean,
  maxUnpacked: number,
): Promise<Map<string, Buffer>> {
  const kept = new Map<string, Buffer>();
  const pending = new Bytes();
  let unpacked = 0;
  // The entry whose data is being read, and the next header's name when a pax or GNU record gave one.
  const state = { body: null as Body | null, nextName: null as string | null, ended: false };

  const header = (block: Buffer) => {
    if (block.every((byte) => byte === 0)) {
      state.ended = true;
      return;
    }
    if (!checksumHolds(block)) throw new TarError('a damaged header');
    const type = String.fromCharCode(block[156] ?? 0);
    const size = number(block, 124, 12);
    const name = text(block, 0, 100);
    const prefix = text(block, 257, 6) === 'ustar' ? text(block, 345, 155) : '';
    const path = state.nextName ?? (prefix ? `${prefix}/${name}` : name);
    state.nextName = null;
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x' || type === 'L') {
      if (size > 1024 * 1024) throw new TarError('an extended header larger than 1 MB');
      state.body = { left: padded, size, parts: [], path, meta: type === 'x' ? 'pax' : 'gnu' };
      if (padded === 0) data(state.body);
      return;
    }
    // A global pax header (GitHub's carries the commit) describes the archive, not an entry.
    const file = type === '0' || type === '\0' || type === '7';
    const keep = type === 'g' ? false : admit({ path, size, file });
    state.body = { left: padded, size, parts: keep && file ? [] : null, path, meta: null };
    // An empty entry has no blocks to wait for.
    if (padded === 0) data(state.body);
  };

  const data = (body: Body) => {
    const chunk = pending.take(body.left);
    body.left -= chunk.length;
    if (body.parts) body.parts.push(chunk);
    if (body.left > 0) return;
    const content = body.parts ? Buffer.concat(body.parts).subarray(0, body.size) : null;
    if (body.meta === 'pax' && content) state.nextName = paxPath(content) ?? state.nextName;
    else if (body.meta === 'gnu' && content) state.nextName = text(content, 0, content.length);
    else if (content) kept.set(body.path, content);
    state.body = null;
  };

  const gunzip = Readable.from([archive]).pipe(createGunzip());
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > maxUnpacked) throw new TarBombError(`unpacks to more than ${maxUnpacked} bytes`);
      pending.push(chunk);
      while (!state.ended && (state.body ? pending.length > 0 : pending.length >= BLOCK)) {
        if (state.body) data(state.body);
        else header(pending.take(BLOCK));
      }
      if (state.ended) break;
    }
  } finally {
    gunzip.destroy();
  }
  if (state.body) throw new TarError('it ends in the middle of an entry');
  if (!state.ended && pending.length > 0) throw new TarError('it is not a tar archive, or it is cut short');
  return kept;
}
