// A workspace with an owner, an editor and a viewer, for the catalog's integration tests.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
import type { Harness, TestUser } from './harness.ts';

export interface CatalogWorld {
  workspaceId: string;
  owner: TestUser;
  editor: TestUser;
  viewer: TestUser;
}

let counter = 0;

export async function catalogWorld(h: Harness): Promise<CatalogWorld> {
  const tag = `c${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [owner, editor, viewer] = await Promise.all([
    h.user(`${tag}_owner`),
    h.user(`${tag}_editor`),
    h.user(`${tag}_viewer`),
  ]);
  const created = await h.as(owner).post('/workspaces', { name: `Catalog ${tag}` });
  const workspaceId = (created.json() as { id: string }).id;
  for (const [user, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    const added = await h
      .as(owner)
      .post(`/workspaces/${workspaceId}/members`, { username: user.username, role });
    expect(added.statusCode, added.body).toBe(201);
  }
  return { workspaceId, owner, editor, viewer };
}

/** The body of a response that must have this status. */
export function expectStatus<T>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return (response.body === '' ? undefined : response.json()) as T;
}

export function nextCursor(response: LightMyRequestResponse): string | undefined {
  const value = response.headers[NEXT_CURSOR_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Every page of a list, following the cursor header. */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<LightMyRequestResponse>,
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const response = await fetchPage(cursor);
    pages.push(expectStatus<T[]>(response, 200));
    cursor = nextCursor(response);
  } while (cursor && pages.length < 100);
  return pages;
}
