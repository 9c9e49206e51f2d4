import { ConfigurationCard, type ClientConfiguration } from './configuration-card';
import { CopyButton } from './copy-button';

const PLACEHOLDER = 'sy_pat_…';

/** The client configurations of docs/mcp.md, filled with this server's URL and (once made) the token. */
export function clientConfigurations(url: string, token: string | null): ClientConfiguration[] {
  const secret = token ?? PLACEHOLDER;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      client: 'Claude Code',
      where: 'Run in a terminal:',
      text: `claude mcp add --transport http stackyard ${url} -H "Authorization: Bearer ${secret}"`,
    },
    {
      client: 'Claude Desktop',
      where:
        'In claude_desktop_config.json (Claude Desktop reaches remote servers with a bearer token through mcp-remote):',
      text: json({
        mcpServers: {
          stackyard: {
            command: 'npx',
            args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${AUTH_HEADER}'],
            env: { AUTH_HEADER: `Bearer ${secret}` },
          },
        },
      }),
    },
    {
      client: 'Cursor',
      where: 'In ~/.cursor/mcp.json or the project’s .cursor/mcp.json:',
      text: json({ mcpServers: { stackyard: { url, headers: { Authorization: `Bearer ${secret}` } } } }),
    },
    {
      client: 'VS Code',
      where: 'In .vscode/mcp.json (VS Code asks for the token once and keeps it):',
      text: json({
        servers: {
          stackyard: { type: 'http', url, headers: { Authorization: 'Bearer ${input:stackyard_token}' } },
        },
        inputs: [
          {
            type: 'promptString',
            id: 'stackyard_token',
            description: 'stackyard access token',
            password: true,
          },
        ],
      }),
    },
  ];
}

export function ConnectInstructions({ url, token }: { url: string; token: string | null }) {
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-xl border border-zinc-200 p-5">
        <h2 className="font-semibold text-zinc-950">Server URL</h2>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <code
            className="rounded bg-zinc-50 px-2 py-1 font-mono text-sm text-zinc-900"
            data-testid="mcp-url"
          >
            {url}
          </code>
          <CopyButton text={url} />
        </div>
      </section>
      {clientConfigurations(url, token).map((configuration) => (
        <ConfigurationCard
          key={configuration.client}
          configuration={configuration}
          name={configuration.client}
          heading="h2"
        />
      ))}
    </div>
  );
}
