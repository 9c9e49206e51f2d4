import type { FastifyReply } from 'fastify';
import { problemSchema } from '@stackyard/contracts/problem';
import { whileWanted } from '@stackyard/db/wanted';

// Problem responses a route can give, declared so they appear in the OpenAPI document and are checked.
export const invalid = { 400: problemSchema } as const;
export const unauthenticated = { 401: problemSchema } as const;
export const forbidden = { 403: problemSchema } as const;
export const notFound = { 404: problemSchema } as const;
export const conflict = { 409: problemSchema } as const;
export const tooLarge = { 413: problemSchema, 415: problemSchema } as const;
export const unprocessable = { 422: problemSchema } as const;
export const failed = { 500: problemSchema, 503: problemSchema } as const;

/** Every authenticated route can answer these (403: a read-only access token on a writing route). */
export const always = { ...invalid, ...unauthenticated, ...forbidden, ...failed } as const;

/**
 * Runs a read as wanted only while its client waits for the answer: its queries that have not started when
 * the client goes away are not run (db/wanted.ts: PGlite's queue, a busy PostgreSQL pool's); the error
 * handler answers 499 to no one.
 */
export function whileClientWaits<T>(reply: FastifyReply, read: () => Promise<T>): Promise<T> {
  const client = new AbortController();
  // It may have gone already, while the request's hooks waited for the database.
  if (reply.raw.destroyed) client.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) client.abort();
  });
  return whileWanted(client.signal, read);
}
