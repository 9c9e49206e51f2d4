// A remote MCP client connecting with OAuth and nothing but the server URL: the MCP SDK's own client auth
// (discovery, dynamic registration, PKCE), the consent page in Chromium, then initialize and tools/list.
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/client';
import { expect, test } from './support/fixtures.ts';
import { onboard, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';

type Stored<K extends keyof OAuthClientProvider> = NonNullable<
  Awaited<ReturnType<Extract<OAuthClientProvider[K], (...args: never[]) => unknown>>>
>;

/** What a native MCP client keeps between runs, in memory: its registration, tokens and PKCE verifier. */
class MemoryProvider implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:53682/callback';
  authorizationUrl: URL | null = null;
  private information: Stored<'clientInformation'> | undefined;
  private stored: Stored<'tokens'> | undefined;
  private verifier = '';
  private discovery: OAuthDiscoveryState | undefined;

  get clientMetadata() {
    return {
      client_name: 'E2E Assistant',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: Stored<'clientInformation'>) {
    this.information = information;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: Stored<'tokens'>) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

// Sign-up, onboarding and the whole flow: longer than the suite's default on a busy machine.
const FLOW_TIMEOUT_MS = 120_000;

test(
  'connect with OAuth: the SDK client discovers, registers, the user allows, then it lists the tools',
  async ({ page, baseUrl }) => {
    const id = uniqueId();
    const email = `e2e-oauth-${id}@example.test`;
    await registerVerified(page, email);
    await signIn(page, email);
    await onboard(page, `oa_${id}`, 'crew');

    // The connect page offers OAuth configurations with the URL only; the resource metadata points at it.
    await page.goto('/settings/connect');
    await page.getByRole('heading', { name: 'Connect with OAuth' }).waitFor();
    const vscode = await page
      .getByRole('region', { name: 'VS Code with OAuth' })
      .locator('pre')
      .textContent();
    expect(JSON.parse(vscode ?? '')).toEqual({
      servers: { stackyard: { type: 'http', url: `${baseUrl}/mcp` } },
    });
    const remote = await page
      .getByRole('region', { name: 'mcp-remote with OAuth' })
      .locator('pre')
      .textContent();
    expect(JSON.parse(remote ?? '')).toEqual({
      mcpServers: { stackyard: { command: 'npx', args: ['-y', 'mcp-remote', `${baseUrl}/mcp`] } },
    });
    const metadata = (await (await fetch(`${baseUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as {
      resource_documentation: string;
    };
    expect(metadata.resource_documentation).toBe(`${baseUrl}/settings/connect`);

    const provider = new MemoryProvider();
    const mcpUrl = new URL(`${baseUrl}/mcp`);
    const first = new Client({ name: 'e2e-oauth', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.href).toMatch(new RegExp(`^${baseUrl}/oauth/authorize\\?`));

    // The consent page, at a phone's width, used from the keyboard.
    await page.setViewportSize({ width: 375, height: 800 });
    let callback: URL | null = null;
    await page.route(`${provider.redirectUrl}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/plain', body: 'You can close this window.' });
    });
    await page.goto(provider.authorizationUrl?.href ?? '');
    await page.waitForURL('**/authorize?request=*');
    await page.getByText('E2E Assistant').first().waitFor();
    await page.getByText('127.0.0.1:53682').waitFor();
    expect(await page.getByRole('checkbox', { name: 'crew' }).isChecked()).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page), 'consent page').toEqual([]);
    await page.getByRole('radio', { name: /Read only/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Allow' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('You can close this window.').waitFor();
    const redirected = callback as URL | null;
    expect(redirected?.searchParams.get('iss')).toBe(baseUrl);
    // The whole callback: the SDK checks its iss (RFC 9207) against the issuer it discovered.
    await transport.finishAuth(redirected?.searchParams ?? new URLSearchParams());

    const client = new Client({ name: 'e2e-oauth', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toContain('list_workspaces');
      const listed = await client.callTool({ name: 'list_workspaces', arguments: {} });
      expect(JSON.stringify(listed.structuredContent)).toContain('"crew"');
    } finally {
      await client.close();
    }

    // Settings lists the app beside the access tokens; revoking it stops the client at its next call.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings/access-tokens');
    const apps = page.getByRole('list', { name: 'Connected apps' });
    await apps.getByText('E2E Assistant').waitFor();
    await apps.getByText(/Read only · crew/).waitFor();
    await page.getByRole('button', { name: 'Revoke E2E Assistant' }).click();
    await page.getByText('No app is connected with OAuth.').waitFor();
    const revoked = new Client({ name: 'e2e-oauth', version: '1.0.0' });
    const headers = { authorization: `Bearer ${provider.tokens()?.access_token}` };
    await expect(
      revoked.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } })),
    ).rejects.toThrow();
  },
  FLOW_TIMEOUT_MS,
);
