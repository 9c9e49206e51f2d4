// Reads a response body into memory without ever holding more than the cap: the count is taken after
// decompression (a 5 MB cap must also stop a small gzip bomb), and the connection is torn down the moment
// the cap is passed instead of draining the rest.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { fail, ok, type Result } from './failure.ts';
import { networkFailure } from './network-failure.ts';

function tooLarge<T>(url: string, maxBytes: number, detail: string): Result<T> {
  return fail('too_large', {
    url,
    detail,
    message: `The page is larger than the ${formatBytes(maxBytes)} stackyard reads.`,
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

function decoder(encoding: string): Readable & NodeJS.WritableStream {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  return createBrotliDecompress();
}

export async function readBody(
  response: IncomingMessage,
  destroy: () => void,
  maxBytes: number,
  url: string,
): Promise<Result<Buffer>> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    destroy();
    return tooLarge(url, maxBytes, `Content-Length ${declared}`);
  }
  const encoding = response.headers['content-encoding']?.trim().toLowerCase() ?? '';
  const compressed = ['gzip', 'x-gzip', 'deflate', 'br'].includes(encoding);
  let stream: Readable = response;
  if (compressed) {
    const decompress = decoder(encoding);
    response.on('error', (error) => decompress.destroy(error));
    stream = response.pipe(decompress);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > maxBytes) {
        destroy();
        stream.destroy();
        return tooLarge(url, maxBytes, `body passed ${maxBytes} bytes`);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    destroy();
    return networkFailure(error, url);
  }
  // The server closed early: what arrived is not the whole page.
  if (!response.complete) return fail('unreachable', { url, detail: 'connection closed mid-body' });
  return ok(Buffer.concat(chunks, size));
}
