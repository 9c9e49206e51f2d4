import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identityFlows, type FlowKind } from '@stackyard/db/schema';
import type { IdentityContext } from './context.ts';
import { assertCsrf, ensureCsrfToken, maskToken, matchesCookie } from './csrf.ts';
import { errors } from './errors.ts';
import { bodyOf, queryParam, redirect, wantsJson, withQuery } from './http.ts';
import { csrfNode, type Ui, type UiNode } from './ui.ts';

// Storage and common answers of self-service flows. Each flow module builds its own nodes.

export type FlowRow = typeof identityFlows.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const actionPath: Record<FlowKind, string> = {
  login: 'login',
  registration: 'registration',
  verification: 'verification',
  recovery: 'recovery',
  settings: 'settings',
};

export function uiOf(flow: FlowRow): Ui {
  return structuredClone(flow.ui) as unknown as Ui;
}

/** A new flow; a browser flow carries the browser's CSRF token (set now if it has none) in its form. */
export async function createFlow(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    kind: FlowKind;
    /** `api` flows (native apps) carry no CSRF token and answer a session token instead of a cookie. */
    type?: 'browser' | 'api';
    state: string;
    nodes: UiNode[];
    identityId?: string;
    refresh?: boolean;
    returnTo?: string | undefined;
    internal?: Record<string, unknown>;
  },
): Promise<FlowRow> {
  const type = input.type ?? 'browser';
  const csrf =
    type === 'browser'
      ? maskToken(
          ensureCsrfToken(request, reply, { publicUrl: ctx.config.publicUrl, secure: ctx.secureCookies }),
        )
      : '';
  const id = crypto.randomUUID();
  const now = new Date();
  const ui: Ui = {
    action: `${ctx.config.publicUrl}/self-service/${actionPath[input.kind]}?flow=${id}`,
    method: 'POST',
    nodes: [csrfNode(csrf), ...input.nodes],
  };
  const [flow] = await ctx.db
    .insert(identityFlows)
    .values({
      id,
      kind: input.kind,
      type,
      state: input.state,
      csrfToken: csrf,
      requestUrl: new URL(request.url, new URL(ctx.config.publicUrl).origin).toString(),
      returnTo: input.returnTo ?? null,
      refresh: input.refresh ?? false,
      identityId: input.identityId ?? null,
      ui: ui as unknown as Record<string, unknown>,
      internal: input.internal ?? {},
      issuedAt: now,
      expiresAt: new Date(now.getTime() + ctx.config.flowLifespanSeconds * 1000),
    })
    .returning();
  if (!flow) throw new Error('insert returned no flow');
  return flow;
}

export async function saveFlow(
  ctx: IdentityContext,
  flow: FlowRow,
  changes: Partial<Pick<FlowRow, 'state' | 'submitCount' | 'internal' | 'identityId'>> & { ui?: Ui },
): Promise<FlowRow> {
  const { ui, ...rest } = changes;
  const [saved] = await ctx.db
    .update(identityFlows)
    .set({ ...rest, ...(ui ? { ui: ui as unknown as Record<string, unknown> } : {}), updatedAt: new Date() })
    .where(eq(identityFlows.id, flow.id))
    .returning();
  return saved ?? flow;
}

/** The flow of `?id=` (GET) or `?flow=` (POST); 404 when unknown or of another kind. */
export async function loadFlow(
  ctx: IdentityContext,
  kind: FlowKind,
  id: string | undefined,
): Promise<FlowRow> {
  if (!id || !UUID.test(id)) throw errors.notFound('The flow could not be found.');
  const [flow] = await ctx.db.select().from(identityFlows).where(eq(identityFlows.id, id));
  if (!flow || flow.kind !== kind) throw errors.notFound('The flow could not be found.');
  return flow;
}

/** getXFlow: the browser that fetches a flow must be the one it was made for. */
export function assertFlowBrowser(ctx: IdentityContext, request: FastifyRequest, flow: FlowRow): void {
  if (flow.type === 'browser' && !matchesCookie(request, flow.csrfToken, ctx.config.publicUrl)) {
    throw errors.csrf();
  }
}

/** Submissions to browser flows must carry the browser's CSRF token; API flows have none. */
export function assertFlowCsrf(
  ctx: IdentityContext,
  request: FastifyRequest,
  flow: FlowRow,
  body: Record<string, unknown>,
): void {
  if (flow.type === 'browser') assertCsrf(request, body, ctx.config.publicUrl);
}

export function isExpired(flow: FlowRow): boolean {
  return flow.expiresAt.getTime() <= Date.now();
}

export function flowJson(flow: FlowRow) {
  return {
    id: flow.id,
    organization_id: null,
    type: flow.type,
    expires_at: flow.expiresAt.toISOString(),
    issued_at: flow.issuedAt.toISOString(),
    request_url: flow.requestUrl,
    ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
    ...(flow.kind === 'verification' || flow.kind === 'recovery' ? { active: 'code' } : {}),
    ui: flow.ui,
    created_at: flow.createdAt.toISOString(),
    updated_at: flow.updatedAt.toISOString(),
    refresh: flow.refresh,
    requested_aal: 'aal1',
    state: flow.state,
    ...(flow.kind === 'settings' && flow.identityId ? { identity_id: flow.identityId } : {}),
  };
}

/** Answers a flow: JSON for a SPA (with `status`), else a 303 to the web app's page for it. */
export function sendFlow(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRow,
  status = 200,
  extra: Record<string, unknown> = {},
): FastifyReply {
  if (flow.type === 'api' || wantsJson(request))
    return reply.code(status).send({ ...flowJson(flow), ...extra });
  const page = ctx.config.ui[flow.kind === 'registration' ? 'registration' : flow.kind];
  return redirect(reply, withQuery(page, { flow: flow.id }));
}

/** A return_to is honoured only on the web app's or the identity API's own origin (no open redirect). */
export function safeReturnTo(ctx: IdentityContext, request: FastifyRequest): string | undefined {
  const value = queryParam(request, 'return_to');
  if (!value) return undefined;
  try {
    const target = new URL(value);
    const allowed = [new URL(ctx.config.ui.defaultReturnTo).origin, new URL(ctx.config.publicUrl).origin];
    return allowed.includes(target.origin) ? target.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Login and registration are for the signed out: a browser with a session goes on, a JSON client is told. */
export function answerSignedIn(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  returnTo: string | undefined,
): FastifyReply {
  if (!wantsJson(request)) return redirect(reply, returnTo ?? ctx.config.ui.defaultReturnTo);
  throw errors.sessionAlreadyAvailable();
}

/** Makes a new flow of a kind, e.g. in place of one that expired (of the same type: browser or api). */
export type NewFlow = (
  request: FastifyRequest,
  reply: FastifyReply,
  returnTo?: string,
  type?: 'browser' | 'api',
) => Promise<FlowRow>;

/** The NewFlow of a kind whose flows all start alike: in choose_method, with the same form. */
export function flowStarter(ctx: IdentityContext, kind: FlowKind, nodes: () => UiNode[]): NewFlow {
  return (request, reply, returnTo, type = 'browser') =>
    createFlow(ctx, request, reply, { kind, type, state: 'choose_method', nodes: nodes(), returnTo });
}

/** A submitted update*Flow: its flow and body. */
export interface Submission {
  flow: FlowRow;
  body: Record<string, unknown>;
}

/**
 * What login, registration, recovery and verification share: get*Flow, registered here (the flow of `?id=`,
 * for the browser it was made for), and the opening of every update*Flow, answered: the flow of `?flow=`, its
 * body, the CSRF check, and — when it expired — a 410 naming a new flow to use instead.
 */
export function flowRoutes(
  app: FastifyInstance,
  ctx: IdentityContext,
  kind: FlowKind,
  newFlow: NewFlow,
): (request: FastifyRequest, reply: FastifyReply) => Promise<Submission> {
  app.get(`/self-service/${actionPath[kind]}/flows`, async (request, reply) => {
    const flow = await loadFlow(ctx, kind, queryParam(request, 'id'));
    assertFlowBrowser(ctx, request, flow);
    if (isExpired(flow)) {
      throw errors.flowExpired(flow.expiresAt, (await newFlow(request, reply, undefined, flow.type)).id);
    }
    return sendFlow(ctx, request, reply, flow);
  });
  return async (request, reply) => {
    const flow = await loadFlow(ctx, kind, queryParam(request, 'flow'));
    const body = bodyOf(request);
    assertFlowCsrf(ctx, request, flow, body);
    if (isExpired(flow)) {
      const fresh = await newFlow(request, reply, flow.returnTo ?? undefined, flow.type);
      throw errors.flowExpired(flow.expiresAt, fresh.id);
    }
    return { flow, body };
  };
}
