import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, test } from './support/fixtures.ts';
import { onboard, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';

/** What an MCP client configured with this token sees: its workspaces' slugs, or the refusal. */
async function workspacesOverMcp(baseUrl: string, token: string): Promise<string[]> {
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const result = await client.callTool({ name: 'list_workspaces', arguments: {} });
    return (result.structuredContent as { workspaces: Array<{ slug: string }> }).workspaces.map(
      (w) => w.slug,
    );
  } finally {
    await client.close();
  }
}

test('access tokens: create one (shown once), use it over MCP, see its last use, revoke it', async ({
  page,
  baseUrl,
}) => {
  const id = uniqueId();
  const email = `e2e-tokens-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, `tok_${id}`, 'stack');

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Access tokens' }).click();
  await page.waitForURL('**/settings/access-tokens');
  await page.getByText('You have no access tokens yet.').waitFor();
  expect(await seriousA11yViolations(page), 'tokens page').toEqual([]);

  await page.getByLabel('Name', { exact: true }).fill('Laptop');
  await page.getByLabel('Scope', { exact: true }).selectOption('read_write');
  await page.getByLabel('Expires', { exact: true }).selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByText('Copy your new token now: it will not be shown again.').waitFor();
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(token).toMatch(/^sy_pat_/);
  const list = page.getByRole('list', { name: 'Access tokens' });
  await list.getByText('Laptop').waitFor();
  await list.getByText(`${token.slice(0, 13)}…`).waitFor();
  await list.getByText(/Last used never/).waitFor();
  // An expiry reads ahead of now, its full date on hover.
  expect(await list.locator('time').first().textContent()).toMatch(/^(in 4 weeks|next month)$/);

  expect(await workspacesOverMcp(baseUrl, token)).toEqual(['stack']);
  await page.reload();
  await list.getByText(/Last used just now/).waitFor();
  // The secret is not shown again.
  expect(await page.getByText(token).count()).toBe(0);

  await page.getByRole('button', { name: 'Revoke Laptop' }).click();
  await list.getByText(/Revoked/).waitFor();
  await expect(workspacesOverMcp(baseUrl, token)).rejects.toThrow();
});

test('connect an AI assistant: the URL and copy-ready configuration with a new token', async ({
  page,
  baseUrl,
}) => {
  const id = uniqueId();
  const email = `e2e-connect-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, `con_${id}`, 'team');

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Connect an AI assistant' }).click();
  await page.waitForURL('**/settings/connect');
  expect(await page.getByTestId('mcp-url').textContent()).toBe(`${baseUrl}/mcp`);
  await page
    .getByText(`claude mcp add --transport http stackyard ${baseUrl}/mcp -H "Authorization: Bearer sy_pat_…"`)
    .waitFor();
  expect(await seriousA11yViolations(page), 'connect page').toEqual([]);

  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  await page
    .getByText(`claude mcp add --transport http stackyard ${baseUrl}/mcp -H "Authorization: Bearer ${token}"`)
    .waitFor();
  const cursor = await page.getByRole('region', { name: 'Cursor', exact: true }).locator('pre').textContent();
  expect(JSON.parse(cursor ?? '')).toEqual({
    mcpServers: { stackyard: { url: `${baseUrl}/mcp`, headers: { Authorization: `Bearer ${token}` } } },
  });
  // The token made here works: it reads (the default scope) the user's workspace.
  expect(await workspacesOverMcp(baseUrl, token)).toEqual(['team']);
});
