import { crc32 } from 'node:zlib';

// A zip archive of stored (uncompressed) entries, for the extension's package: a handful of small files, so
// the stored format (APPNOTE 6.3.x, no zip64, no data descriptors) is enough and needs no dependency. Unlike
// the stack export's writer it takes bytes, since the package holds an image.

export interface ZipFile {
  path: string;
  data: Buffer;
}

// 1980-01-01 00:00 in MS-DOS format: a fixed time keeps the archive byte-identical for identical files.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_NAMES = 1 << 11;

function header(
  signature: number,
  size: number,
  fields: Array<[offset: number, bytes: 2 | 4, value: number]>,
) {
  const buffer = Buffer.alloc(size);
  buffer.writeUInt32LE(signature, 0);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

export function zip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { path, data } of files) {
    const name = Buffer.from(path, 'utf8');
    const crc = crc32(data);
    const local = header(0x04034b50, 30, [
      [4, 2, 20],
      [6, 2, UTF8_NAMES],
      [12, 2, DOS_DATE],
      [14, 4, crc],
      [18, 4, data.length],
      [22, 4, data.length],
      [26, 2, name.length],
    ]);
    const central = header(0x02014b50, 46, [
      [4, 2, 20],
      [6, 2, 20],
      [8, 2, UTF8_NAMES],
      [14, 2, DOS_DATE],
      [16, 4, crc],
      [20, 4, data.length],
      [24, 4, data.length],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header(0x06054b50, 22, [
    [8, 2, files.length],
    [10, 2, files.length],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}
