import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import type { Actor } from './auth/authenticate.ts';

/** The Fastify instance the product API's routes are declared on: zod schemas type requests and replies. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface RouteDeps {
  db: Database;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the product API's authentication hook; null on public routes. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** A product API route anyone may call, signed in or not. */
    public?: boolean;
  }
}

export function actorOf(request: FastifyRequest): Actor {
  // Only a route marked public reaches its handler without an actor; asking for one there is a bug.
  if (!request.actor) throw new AppError('unauthenticated', 'You are not signed in.');
  return request.actor;
}
