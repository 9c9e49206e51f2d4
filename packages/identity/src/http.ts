import type { FastifyReply, FastifyRequest } from 'fastify';

const OFFERS = ['text/html', 'text/*', '*/*', 'application/json'];

// Kratos answers JSON when content negotiation of Accept against [text/html, text/*, */*, application/json]
// (default text/html) picks application/json, or when the body is JSON. At equal q, the more specific
// range wins, so `Accept: */*` alone means HTML and `application/json, text/plain, */*` means JSON.
export function wantsJson(request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.split(';')[0]?.trim().toLowerCase() === 'application/json') return true;
  const accept = request.headers.accept;
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return { range: range.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  let best = { offer: 'text/html', q: -1, wild: 3 };
  for (const offer of OFFERS) {
    const [offerType, offerSub] = offer.split('/');
    for (const { range, q } of ranges) {
      const [type, sub] = range.split('/');
      let wild: number;
      if (range === offer) wild = 0;
      else if (type === offerType && sub === '*') wild = 1;
      else if (range === '*/*') wild = 2;
      else continue;
      // An offer that is itself a wildcard only counts when it is named exactly.
      if ((offerSub === '*' || offerType === '*') && wild !== 0) continue;
      if (q > best.q || (q === best.q && wild < best.wild)) best = { offer, q, wild };
    }
  }
  return best.q > 0 && best.offer === 'application/json';
}

/** A submitted body as an object: JSON as it is; a form with `traits.email` keys unflattened. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/x-www-form-urlencoded')) return body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    const path = key.split('.');
    let target = out;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (typeof next === 'object' && next !== null) target = next as Record<string, unknown>;
      else target = target[segment] = {};
    }
    target[path[path.length - 1] ?? key] = value;
  }
  return out;
}

export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Secure cookies, except over plain http on localhost, where browsers would drop them. */
export function isSecureOrigin(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:') return true;
  return !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).send();
}

export function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
