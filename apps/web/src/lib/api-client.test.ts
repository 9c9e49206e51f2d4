// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiJson, apiPage, apiRequest, queryString } from './api-client';
import { stubApi } from '@/testing/api';
import { onUnauthenticated } from './credentials-renewal';

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

const problem = (status: number, detail: string) =>
  json(status, { type: 'about:blank', title: 'Conflict', status, detail }, 'application/problem+json');

afterEach(() => {
  onUnauthenticated(null);
});

describe('apiRequest', () => {
  it('sends JSON with the cookies to /api/v1 and parses the answer with the schema', async () => {
    const calls = stubApi(() => json(200, { available: true, extra: 1 }));
    const result = await apiRequest('/x', {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ available: z.boolean() }),
    });
    expect(result).toEqual({ available: true });
    expect(calls.map((call) => [call.url.pathname, call.body])).toEqual([['/api/v1/x', { a: 1 }]]);
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'x-stackyard-client': 'web',
      },
    });
  });

  it('throws an ApiError whose message is the problem detail', async () => {
    stubApi(() => problem(409, 'That username is taken.'));
    const error = await apiRequest('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('That username is taken.');
    expect((error as ApiError).status).toBe(409);
  });

  it('fails when the answer does not match its contract', async () => {
    stubApi(() => json(200, { available: 'yes' }));
    await expect(apiRequest('/x', { schema: z.object({ available: z.boolean() }) })).rejects.toThrow();
  });

  it('renews the credentials once on a 401 and retries', async () => {
    const answers = [problem(401, 'expired'), json(200, { ok: true })];
    const calls = stubApi(() => answers.shift() as Response);
    const renew = vi.fn(async () => true);
    onUnauthenticated(renew);
    expect(await apiRequest('/x', { schema: z.object({ ok: z.boolean() }) })).toEqual({ ok: true });
    expect(renew).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
  });

  it('uses the status for the message when the error body is not a problem', async () => {
    stubApi(() => json(502, { message: 'Bad gateway' }));
    const error = (await apiRequest('/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('The request failed (502).');
    expect(error.problem).toBeNull();
  });

  it('does not retry when there is no session to renew', async () => {
    const calls = stubApi(() => problem(401, 'You are not signed in.'));
    onUnauthenticated(async () => false);
    await expect(apiRequest('/x')).rejects.toThrow('You are not signed in.');
    expect(calls).toHaveLength(1);
  });
});

describe('apiJson', () => {
  it('answers the JSON as it came, with the same request as apiRequest', async () => {
    const calls = stubApi(() => json(200, { id: 'p1', name: 'Launch' }));
    expect(await apiJson('/projects', { method: 'POST', body: { name: 'Launch' } })).toEqual({
      id: 'p1',
      name: 'Launch',
    });
    expect(calls.map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/v1/projects', { name: 'Launch' }],
    ]);
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('throws an ApiError like apiRequest', async () => {
    stubApi(() => problem(404, 'No such project.'));
    await expect(apiJson('/projects/x')).rejects.toThrow('No such project.');
  });
});

describe('apiPage', () => {
  it("answers the items and the x-next-cursor header as the next page's cursor", async () => {
    stubApi(() => {
      const response = json(200, [{ id: 1 }]);
      response.headers.set('x-next-cursor', 'abc_1');
      return response;
    });
    expect(await apiPage('/things')).toEqual({ items: [{ id: 1 }], nextCursor: 'abc_1' });
  });

  it('has no cursor on the last page', async () => {
    stubApi(() => json(200, []));
    expect(await apiPage('/things')).toEqual({ items: [], nextCursor: null });
  });
});

describe('queryString', () => {
  it('keeps only defined, non-empty values', () => {
    expect(queryString({ a: 'x y', b: undefined, c: null, d: '', e: 5 })).toBe('?a=x+y&e=5');
    expect(queryString({ a: undefined })).toBe('');
  });
});
