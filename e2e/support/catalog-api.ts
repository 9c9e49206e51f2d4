// Seeds a workspace's catalog through the real product API, as the signed-in user of a page: tools go through
// the ingestion pipeline against the local fixture web server (inject('fixtureOrigin')), like a user's would.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onboard, registerVerified, signIn, uniqueId } from './accounts.ts';

const API = '/api/v1';

export class CatalogApi {
  private readonly page: Page;
  private readonly token: string;
  readonly workspaceId: string;

  private constructor(page: Page, token: string, workspaceId: string) {
    this.page = page;
    this.token = token;
    this.workspaceId = workspaceId;
  }

  /** The page's session (the user_jwt cookie) and the workspace with this slug. */
  static async of(page: Page, workspaceSlug: string): Promise<CatalogApi> {
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'user_jwt');
    if (!cookie) throw new Error('the page is not signed in (no user_jwt cookie)');
    const probe = new CatalogApi(page, cookie.value, '');
    const workspaces = await probe.call<Array<{ id: string; slug: string }>>('GET', '/workspaces');
    const workspace = workspaces.find((candidate) => candidate.slug === workspaceSlug);
    if (!workspace) throw new Error(`no workspace ${workspaceSlug}`);
    return new CatalogApi(page, cookie.value, workspace.id);
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await this.page.request.fetch(`${API}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...(body === undefined ? {} : { data: body }),
    });
    const text = await response.text();
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Submits a tool URL and waits until ingestion has settled it; answers the submission. */
  async ingestTool(url: string, expected = 'completed'): Promise<Submission> {
    const submission = await this.call<Submission>('POST', '/ingestion/tools', {
      workspace_id: this.workspaceId,
      submitted_url: url,
    });
    return this.settle(submission.id, `/ingestion/tools/workspace/${this.workspaceId}`, expected);
  }

  /** Submits a resource (link) URL and waits until ingestion has settled it; answers the submission. */
  async ingestResource(url: string, expected = 'completed'): Promise<Submission> {
    const submission = await this.call<Submission>('POST', '/ingestion/resources', {
      workspace_id: this.workspaceId,
      submitted_url: url,
    });
    return this.settle(submission.id, `/ingestion/resources/workspace/${this.workspaceId}`, expected);
  }

  private async settle(id: string, listPath: string, expected: string): Promise<Submission> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const list = await this.call<Submission[]>('GET', listPath);
      const current = list.find((candidate) => candidate.id === id);
      if (current && !['pending', 'fetching'].includes(current.status)) {
        if (current.status !== expected) {
          throw new Error(`submission ${current.submitted_url} ended ${current.status}, not ${expected}`);
        }
        return current;
      }
      if (Date.now() > deadline) throw new Error(`submission ${id} did not settle in 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  createProject(name: string): Promise<{ id: string; slug: string }> {
    return this.call('POST', '/projects', { workspace_id: this.workspaceId, metadata: { name } });
  }

  createTag(name: string, color = '#3b82f6'): Promise<{ id: string }> {
    return this.call('POST', '/tags', { workspace_id: this.workspaceId, tag_name: name, color });
  }
}

export interface Submission {
  id: string;
  status: string;
  submitted_url: string;
  workspace_tool_id: string | null;
  resource_id?: string | null;
}

/** A new verified user, signed in and onboarded with one workspace; answers the username. */
export async function signUpWithWorkspace(
  page: Page,
  prefix: string,
  workspaceSlug: string,
): Promise<string> {
  const id = uniqueId();
  const username = `${prefix}_${id}`;
  const email = `e2e-${prefix}-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, username, workspaceSlug);
  return username;
}

/** Another new user with a workspace, in a browser context of their own (close it when done). */
export async function signUpInNewContext(
  browser: Browser,
  baseUrl: string,
  prefix: string,
  workspaceSlug: string,
): Promise<{ context: BrowserContext; page: Page; username: string }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  return { context, page, username: await signUpWithWorkspace(page, prefix, workspaceSlug) };
}

export const serverError = {
  status: 500,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    detail: 'Database down',
  }),
};
