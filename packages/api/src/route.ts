import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
import { AppError } from '@stackyard/contracts/problem';
import type { Actor } from './auth/authenticate.ts';
import type { Page } from './catalog/pagination.ts';
import { actorOf, type ApiApp } from './context.ts';
import { always, tooLarge } from './http.ts';

type Problems = Readonly<Record<number, z.ZodType>>;

/** What a handler is given: the caller and the request's parts, as their schemas parsed them. */
export interface RouteInput<P, Q, B> {
  actor: Actor;
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface Shape<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** Bytes a body may have, when not the API's usual limit. */
  bodyLimit?: number;
  /** The body's media types, when not JSON (see acceptFileBodies). */
  consumes?: string[];
  /** Problem answers beyond `always`; 413/415 are added for a route with a body, whose size is limited. */
  problems?: Problems;
}

type Handler<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, T> = (
  input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>,
) => Promise<T>;

/**
 * A route's definition: how it answers (200 with `answer`, 201 with `created`, 202 with `accepted`, 204 with
 * nothing, one page of `page`, or a `file`), its schemas, and a handler that gets the signed-in caller and the
 * parsed request.
 */
export type RouteDefinition<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> = Shape<P, Q, B> &
  (
    | { answer: R; handler: Handler<P, Q, B, z.input<R>> }
    | { created: R; handler: Handler<P, Q, B, z.input<R>> }
    | { accepted: R; handler: Handler<P, Q, B, z.input<R>> }
    | { page: R; handler: Handler<P, Q, B, Page<z.input<R>>> }
    | { noContent: true; handler: Handler<P, Q, B, unknown> }
    | { file: FileAnswer; handler: Handler<P, Q, B, FastifyReply> }
  );

/** A 200 answer that is a file, not JSON: its OpenAPI media types; the handler sends it through the reply. */
export interface FileAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function successOf(definition: RouteDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>) {
  if ('created' in definition) return { 201: definition.created };
  if ('accepted' in definition) return { 202: definition.accepted };
  if ('noContent' in definition) return { 204: z.undefined() };
  if ('file' in definition) return { 200: definition.file };
  return { 200: 'page' in definition ? definition.page : definition.answer };
}

/**
 * Declares a signed-in route: its OpenAPI schema, the caller's actor, and how the answer is sent (the variant
 * told apart by its key).
 */
function route(
  app: ApiApp,
  method: Method,
  url: string,
  tags: string[],
  definition: RouteDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>,
): void {
  const { summary, description, consumes, params, querystring, body, bodyLimit, problems } = definition;
  app.route({
    method,
    url,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    schema: {
      tags,
      summary,
      ...(description === undefined ? {} : { description }),
      ...(consumes ? { consumes } : {}),
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response: { ...successOf(definition), ...always, ...problems, ...(body ? tooLarge : {}) },
    },
    handler: async (request, reply) => {
      const input = {
        actor: actorOf(request),
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
      };
      if ('created' in definition) return reply.code(201).send(await definition.handler(input));
      if ('accepted' in definition) return reply.code(202).send(await definition.handler(input));
      if ('noContent' in definition) {
        await definition.handler(input);
        return reply.code(204).send();
      }
      if ('page' in definition) {
        const { items, nextCursor } = await definition.handler(input);
        if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
        return items;
      }
      return definition.handler(input);
    },
  });
}

type Declare = <
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(
  url: string,
  definition: RouteDefinition<P, Q, B, R>,
) => void;

/**
 * The routes of a feature, under the same OpenAPI tags: `routes.get(url, definition)` declares a GET route,
 * and so on for each method.
 */
export function routesOf(
  app: ApiApp,
  ...tags: string[]
): Record<'get' | 'post' | 'put' | 'patch' | 'delete', Declare> {
  const declare =
    (method: Method): Declare =>
    (url, definition) =>
      // Fastify has validated the request against the definition's schemas; the handler's types follow them.
      route(
        app,
        method,
        url,
        tags,
        definition as unknown as RouteDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>,
      );
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

/**
 * Makes the plugin `app` read bodies of `types` as their bytes (a file upload); one over the route's bodyLimit
 * is refused with 413 and `tooLargeMessage`. Only in a plugin of its own, so no other route takes such bodies.
 */
export function acceptFileBodies(app: ApiApp, types: string[], tooLargeMessage: string): void {
  app.addContentTypeParser(types, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError) => {
    // Thrown on to the API's error handler, which answers the problem details.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('payload_too_large', tooLargeMessage);
    throw error;
  });
}
