// The MCP conformance suite's server scenarios (@modelcontextprotocol/conformance) against the real /mcp, as
// a signed-in user's access token: the suite's client sends no credentials, so a loopback proxy adds them.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, tempDir } from '@stackyard/testing/processes';
import { expect, test } from './support/fixtures.ts';
import { startBearerProxy } from './support/bearer-proxy.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

const suiteEntry = join(repoRoot, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

// The scenarios stackyard's server can pass as it is.
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

// Why the other server scenarios of the suite do not apply: most call fixtures a server must add for the
// suite alone (tools such as `test_simple_text`, prompts such as `test_simple_prompt`, resources under
// `test://`), which a product server has no reason to carry.
const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'the server declares no logging capability (it sends no log notifications)',
  'completion-complete':
    'the server declares no completions capability; it asks for `test_prompt_with_arguments`',
  'tools-call-simple-text': 'calls the suite’s tool `test_simple_text`',
  'tools-call-image': 'calls the suite’s tool `test_image_content`',
  'tools-call-audio': 'calls the suite’s tool `test_audio_content`',
  'tools-call-embedded-resource': 'calls the suite’s tool `test_embedded_resource`',
  'tools-call-mixed-content': 'calls the suite’s tool `test_multiple_content_types`',
  'tools-call-with-logging': 'calls the suite’s tool `test_tool_with_logging`',
  'tools-call-error': 'calls the suite’s tool `test_error_handling`',
  'tools-call-with-progress': 'calls the suite’s tool `test_tool_with_progress`',
  'tools-call-sampling': 'calls the suite’s tool `test_sampling`; the server never asks the client to sample',
  'tools-call-elicitation': 'calls the suite’s tool `test_elicitation`; the server never elicits',
  'json-schema-2020-12': 'lists the suite’s tool `json_schema_2020_12_tool`',
  'elicitation-sep1034-defaults': 'calls the suite’s tool `test_elicitation_sep1034_defaults`',
  'elicitation-sep1330-enums': 'calls the suite’s tool `test_elicitation_sep1330_enums`',
  'server-sse-polling': 'needs sessions and the suite’s tool `test_reconnection`; /mcp is stateless',
  'server-sse-multiple-streams': 'needs sessions (Mcp-Session-Id); /mcp is stateless',
  'resources-read-text': 'reads the suite’s resource `test://static-text`',
  'resources-read-binary': 'reads the suite’s resource `test://static-binary`',
  'resources-templates-read': 'reads the suite’s template `test://template/{id}/data`',
  'resources-subscribe': 'the server offers no resource subscriptions (its lists are fixed, it is stateless)',
  'resources-unsubscribe':
    'the server offers no resource subscriptions (its lists are fixed, it is stateless)',
  'prompts-get-simple': 'gets the suite’s prompt `test_simple_prompt`',
  'prompts-get-with-args': 'gets the suite’s prompt `test_prompt_with_arguments`',
  'prompts-get-embedded-resource': 'gets the suite’s prompt `test_prompt_with_embedded_resource`',
  'prompts-get-with-image': 'gets the suite’s prompt `test_prompt_with_image`',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO';
  errorMessage?: string;
}

const run = promisify(execFile);
const suite = (...args: string[]) => run(process.execPath, [suiteEntry, ...args], { timeout: 60_000 });

test('the suite lists no server scenario this file does not account for', async () => {
  const { stdout } = await suite('list', '--server');
  const listed = [...stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
  expect(listed.sort()).toEqual([...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].sort());
});

test('the MCP conformance suite’s applicable server scenarios pass', async ({ page, baseUrl }) => {
  await signUpWithWorkspace(page, 'conform', 'suite');
  const api = await CatalogApi.of(page, 'suite');
  const { token } = await api.call<{ token: string }>('POST', '/tokens', {
    name: 'conformance',
    scope: 'read',
  });
  const proxy = await startBearerProxy(baseUrl, token);
  const results = tempDir('stackyard-conformance');
  try {
    const failed: Record<string, Check[]> = {};
    for (const scenario of APPLICABLE) {
      const output = join(results.path, scenario);
      // A failing check makes the suite exit 1; its checks.json is what says which.
      const { stdout } = await suite(
        'server',
        '--url',
        `${proxy.url}/mcp`,
        '--scenario',
        scenario,
        '-o',
        output,
      ).catch((error: { stdout: string }) => error);
      const [saved] = readdirSync(output);
      const checks = JSON.parse(readFileSync(join(output, saved ?? '', 'checks.json'), 'utf8')) as Check[];
      expect(checks.length, `${scenario} ran no check:\n${stdout}`).toBeGreaterThan(0);
      const bad = checks.filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO');
      if (bad.length > 0) failed[scenario] = bad;
    }
    expect(failed).toEqual({});
  } finally {
    await proxy.close();
    results.remove();
  }
}, 180_000);
