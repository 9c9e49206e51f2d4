import { CopyButton } from './copy-button';

/** Clients that sign in with OAuth need only the server URL: they discover the rest and open the consent page. */
export function oauthConfigurations(url: string) {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      client: 'Claude',
      where: 'In Claude (web or desktop): Settings → Connectors → Add custom connector, with this URL:',
      text: url,
    },
    {
      client: 'ChatGPT',
      where: 'In ChatGPT: Settings → Connectors → Create, with this MCP server URL and OAuth authentication:',
      text: url,
    },
    {
      client: 'Claude Code',
      where: 'Run in a terminal, then /mcp in Claude Code to sign in:',
      text: `claude mcp add --transport http stackyard ${url}`,
    },
    {
      client: 'VS Code',
      where: 'In .vscode/mcp.json (VS Code opens the sign-in page when it first starts the server):',
      text: json({ servers: { stackyard: { type: 'http', url } } }),
    },
    {
      client: 'mcp-remote',
      where: 'For clients that start local servers only (Claude Desktop’s config file, and others):',
      text: json({ mcpServers: { stackyard: { command: 'npx', args: ['-y', 'mcp-remote', url] } } }),
    },
  ];
}

export function OAuthInstructions({ url }: { url: string }) {
  return (
    <div className="flex flex-col gap-6">
      {oauthConfigurations(url).map((configuration) => (
        <section
          key={configuration.client}
          aria-label={`${configuration.client} with OAuth`}
          className="rounded-xl border border-zinc-200 p-5"
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold text-zinc-950">{configuration.client}</h3>
            <CopyButton text={configuration.text} label={`Copy for ${configuration.client} with OAuth`} />
          </div>
          <p className="mt-2 text-sm text-zinc-600">{configuration.where}</p>
          <pre className="mt-3 overflow-x-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs text-zinc-100">
            {configuration.text}
          </pre>
        </section>
      ))}
    </div>
  );
}
