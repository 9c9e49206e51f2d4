// mcp-remote (the stdio bridge for clients that only start local servers) given nothing but the MCP URL: it
// discovers the server, registers itself, "opens the browser" (a fake one that writes the URL down), the user
// allows it in Chromium, the redirect reaches its loopback callback, and its stdio then answers MCP calls. A
// second start reuses the tokens it stored, without a browser.
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { repoRoot, tempDir } from '@stackyard/testing/processes';
import { inject, onTestFinished } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

const proxyEntry = join(repoRoot, 'node_modules/mcp-remote/dist/proxy.js');
// Sign-up, ingestion, two mcp-remote starts and the consent: longer than the suite's default on a busy machine.
const FLOW_TIMEOUT_MS = 180_000;
// mcp-remote waits for the browser's callback before it answers `initialize`: the request waits that long.
const CALL_OPTIONS = { timeout: 120_000 };

/**
 * mcp-remote opens the browser with the `open` package, whose bundled xdg-open (and mcp-remote's fallback,
 * /usr/bin/xdg-open) run `$BROWSER <url>` when no desktop is detected: this one only writes the URL down.
 */
function fakeBrowser(dir: string) {
  const script = join(dir, 'browser');
  const opened = join(dir, 'opened.txt');
  writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
  chmodSync(script, 0o755);
  return {
    script,
    /** The first URL the browser was asked to open, once it has been. */
    async firstUrl(): Promise<string> {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (existsSync(opened)) {
          const [first] = readFileSync(opened, 'utf8').split('\n');
          if (first) return first;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('mcp-remote never opened the browser');
    },
    wasOpened: () => existsSync(opened),
  };
}

/** An MCP client speaking to a fresh mcp-remote process over its stdio. */
function mcpRemote(mcpUrl: string, home: string, browser: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [proxyEntry, mcpUrl],
    // No DISPLAY nor desktop variables: xdg-open then falls back to $BROWSER. The config dir holds the
    // registration and tokens, one per test run.
    env: {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      MCP_REMOTE_CONFIG_DIR: join(home, 'mcp-auth'),
      BROWSER: browser,
    },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { client: new Client({ name: 'e2e-mcp-remote', version: '1.0.0' }), transport, log: () => log };
}

test(
  'mcp-remote connects with only the URL: browser consent, then tools over stdio; a restart reuses the tokens',
  async ({ page, baseUrl }) => {
    await signUpWithWorkspace(page, 'remote', 'yard');
    const api = await CatalogApi.of(page, 'yard');
    const submission = await api.ingestTool(`${inject('fixtureOrigin')}/tool`);
    await api.call('PUT', `/tools/workspace/${submission.workspace_tool_id}/stance`, {
      stance: 'preferred',
      category: 'Frontend framework',
    });

    const dir = tempDir('stackyard-mcp-remote');
    onTestFinished(() => dir.remove());
    const home = dir.path;
    const browser = fakeBrowser(home);
    const first = mcpRemote(`${baseUrl}/mcp`, home, browser.script);
    try {
      const connected = first.client.connect(first.transport, CALL_OPTIONS);
      connected.catch(() => {});
      const authorizationUrl = new URL(await browser.firstUrl());
      expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${baseUrl}/oauth/authorize`);
      const redirectUri = new URL(authorizationUrl.searchParams.get('redirect_uri') ?? '');
      expect(['localhost', '127.0.0.1']).toContain(redirectUri.hostname);

      await page.goto(authorizationUrl.href);
      await page.waitForURL('**/authorize?request=*');
      await page.getByText(redirectUri.host).waitFor();
      expect(await page.getByRole('checkbox', { name: 'yard' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Allow' }).click();
      // The redirect lands on mcp-remote's own loopback server, which takes the code from there.
      await page.waitForURL((url) => url.host === redirectUri.host);
      await connected.catch((error: unknown) => {
        throw new Error(`${String(error)}\nmcp-remote said:\n${first.log()}`);
      });

      const tools = await first.client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toContain('get_preferred_stack');
      const stack = await first.client.callTool({
        name: 'get_preferred_stack',
        arguments: { workspace: 'yard', category: 'Frontend framework' },
      });
      expect(stack.isError).toBeFalsy();
      const answer = JSON.stringify(stack.structuredContent);
      expect(answer).toContain('"preferred"');
      expect(answer).toContain('Frontend framework');
    } finally {
      await first.client.close();
    }

    // Started again, as a client does each time it launches: the stored tokens suffice, no browser opens.
    rmSync(join(home, 'opened.txt'), { force: true });
    const second = mcpRemote(`${baseUrl}/mcp`, home, browser.script);
    try {
      await second.client.connect(second.transport, CALL_OPTIONS);
      const workspaces = await second.client.callTool({ name: 'list_workspaces', arguments: {} });
      expect(JSON.stringify(workspaces.structuredContent)).toContain('"yard"');
      expect(browser.wasOpened()).toBe(false);
    } finally {
      await second.client.close();
    }
  },
  FLOW_TIMEOUT_MS,
);
