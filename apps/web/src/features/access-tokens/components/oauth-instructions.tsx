import { ConfigurationCard, type ClientConfiguration } from './configuration-card';

/** Clients that sign in with OAuth need only the server URL: they discover the rest and open the consent page. */
export function oauthConfigurations(url: string): ClientConfiguration[] {
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
        <ConfigurationCard
          key={configuration.client}
          configuration={configuration}
          name={`${configuration.client} with OAuth`}
          heading="h3"
        />
      ))}
    </div>
  );
}
