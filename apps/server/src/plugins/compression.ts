import zlib, { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';

/**
 * What answers made per request are compressed with, best first, among those the client accepts. zstd (at its
 * default level, 3) first: for a page of 50 tools (about 30 KiB of JSON) it takes a fifth to a third of
 * brotli's time at quality 4 and answers 3% more bytes. Answers are made per request, so their compression
 * is paid for on every one; the SPA's files are compressed once, at build time, with brotli at its best. Node
 * before 22.15 has no zstd, and then brotli comes first.
 */
const RESPONSE_ENCODINGS: Array<'zstd' | 'br' | 'gzip'> =
  typeof zlib.zstdCompressSync === 'function' ? ['zstd', 'br', 'gzip'] : ['br', 'gzip'];

/**
 * Every text response goes out compressed (zstd, brotli, else gzip) when the client accepts it, and carries an
 * ETag: a client that revalidates a list with If-None-Match gets a 304 without the body. Already-compressed
 * media (images, zips) is left as it is; the SPA's hashed files are compressed once at build time and served
 * as they are (plugins/web.ts), so only answers made per request are compressed here.
 */
export async function compression(app: FastifyInstance): Promise<void> {
  // First: its onSend hook must see the payload before compression turns it into a stream. Weak, because one
  // tag stands for the same content in every encoding.
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCompress, {
    global: true,
    encodings: RESPONSE_ENCODINGS,
    threshold: 1024,
    // Answers up to this size are compressed in one synchronous call; larger ones stream through zlib's
    // thread pool. The plugin's own limit on 2 cores is 8 KiB, which sent a page of 50 tools through a
    // stream: each of its chunks wakes a pool thread, and on a machine whose cores the database also uses,
    // that wake-up and the stream's bookkeeping cost more than the compression itself.
    syncThreshold: 128 * 1024,
    // Quality 4 compresses JSON about as well as gzip -9 at a fraction of brotli's default (11) CPU per answer.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
