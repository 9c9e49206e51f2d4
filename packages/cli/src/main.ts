import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { httpUrlSchema } from '@stackyard/contracts/common';
import { submissionSchema } from '@stackyard/contracts/ingestion';
import {
  STACK_EXPORT_FORMATS,
  stackExportFormatSchema,
  type StackExportFormat,
} from '@stackyard/contracts/stack';
import { workspaceListSchema } from '@stackyard/contracts/workspace';
import { ApiProblem, createApiClient, type ApiClient } from '@stackyard/mcp/api-client';
import { plainSnippet, resolveWorkspace, searchLoosely } from '@stackyard/mcp/catalog';
import { fetchTransport, ServerUnreachable } from '@stackyard/mcp/fetch-transport';
import { createStackyardMcpServer } from '@stackyard/mcp/server';
import { exportFile } from '@stackyard/mcp/stack';
import { describeSubmission, waitForSubmission, type SubmissionOutcome } from '@stackyard/mcp/submissions';
import { ConfigError } from './check-config.ts';
import { StackFileError } from './check.ts';
import { loadCredentials, saveCredentials, type Credentials } from './config-file.ts';
import { edit, editBody, isEditKind } from './edit.ts';
import { checkCommand, ScanUsageError, scanCommand } from './scan-commands.ts';

export interface Io {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** Exit codes: what a script can branch on. */
export const EXIT = { ok: 0, failed: 1, usage: 2, unauthenticated: 3 } as const;

const HELP = `stackyard — your team's tools, links and projects, from the command line

Usage:
  stackyard login [--url URL] [--token TOKEN]   save the server and an access token (read from stdin if not given)
  stackyard add <url…> [--resource] [--workspace W] [--wait SECONDS] [--json]
                                                submit tools (or links with --resource); URLs from stdin when none given
  stackyard search <query…> [--workspace W] [--limit N] [--json]
  stackyard export --format F [--format G…] [--workspace W] [--project P] [--out DIR] [--json]
                                                the preferred stack as files for AI assistants and package
                                                managers, written at their repository paths under DIR, or
                                                one file printed to stdout when --out is left out
  stackyard edit tool <slug> [--name N] [--description D] [--homepage URL] [--repository URL] [--docs URL]
                          [--icon URL]
  stackyard edit resource <id> [--title T] [--description D] [--url URL] [--icon URL]
                                                correct what was saved (an empty value clears a field)
  stackyard mcp                                 an MCP server on stdio, forwarding to the logged-in server
  stackyard scan [PATH] [--format text|json] [--upload [--workspace W] [--project P]]
                                                the dependencies the manifests under PATH (default .) declare;
                                                --upload sends them to the server as the latest scan (Drift)
  stackyard check [PATH] [--stack FILE] [--config FILE] [--workspace W] [--project P]
                  [--format text|json|sarif|github]
                                                the dependencies against the team's stances, from the server or
                                                an exported stack.json (--stack); fails on avoided tools

Options:
  --workspace W   workspace slug or id (not needed when you have only one)
  --project P     export one project's stack (slug or id) instead of the workspace's
  --format F      export formats (repeat the option or separate with commas):
                  ${STACK_EXPORT_FORMATS.join(', ')}
  --json          machine-readable output
  -h, --help      this help

Create an access token in stackyard: Settings → Access tokens. STACKYARD_URL and STACKYARD_TOKEN override the
saved login.

Exit codes: 0 done, 1 refused or failed (add: a URL that is not in the workspace now: refused, held for review,
failed, or still being fetched when --wait ran out; check: a dependency at level error, by default a tool the
team avoids), 2 wrong usage (check: also an unreadable --stack or --config file), 3 not logged in or token not
accepted.
`;

class UsageError extends Error {}

export async function main(argv: string[], io: Io): Promise<number> {
  const print = (text: string) => io.stdout.write(`${text}\n`);
  const complain = (text: string) => io.stderr.write(`stackyard: ${text}\n`);
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        json: { type: 'boolean' },
        upload: { type: 'boolean' },
        resource: { type: 'boolean' },
        workspace: { type: 'string' },
        url: { type: 'string' },
        token: { type: 'string' },
        wait: { type: 'string' },
        limit: { type: 'string' },
        project: { type: 'string' },
        format: { type: 'string', multiple: true },
        out: { type: 'string' },
        name: { type: 'string' },
        title: { type: 'string' },
        description: { type: 'string' },
        homepage: { type: 'string' },
        repository: { type: 'string' },
        docs: { type: 'string' },
        icon: { type: 'string' },
        stack: { type: 'string' },
        config: { type: 'string' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || !command || command === 'help') {
      print(HELP.trimEnd());
      return command || values.help ? EXIT.ok : EXIT.usage;
    }
    switch (command) {
      case 'login':
        return await login(io, print, values.url, values.token);
      case 'add': {
        const urls = rest.length > 0 ? rest : await readLines(io.stdin);
        if (urls.length === 0)
          throw new UsageError('add needs at least one URL (as arguments or one per line on stdin)');
        const wait = values.wait === undefined ? 10 : number(values.wait, '--wait', 0, 60);
        return await add(connectApi(io.env), urls, { ...values, wait }, { print, complain });
      }
      case 'search': {
        if (rest.length === 0) throw new UsageError('search needs words to look for');
        const limit = values.limit === undefined ? 20 : number(values.limit, '--limit', 1, 50);
        return await search(connectApi(io.env), rest.join(' '), { ...values, limit }, print);
      }
      case 'export': {
        const formats = exportFormats(values.format ?? []);
        if (!values.out && !values.json && formats.length > 1)
          throw new UsageError('export prints one file to stdout; give --out DIR for several formats');
        return await exportStack(connectApi(io.env), formats, values, io.stdout);
      }
      case 'edit': {
        const [kind, item, ...extra] = rest;
        if (!isEditKind(kind) || !item || extra.length > 0)
          throw new UsageError('edit needs what and which: edit tool <slug> or edit resource <id>');
        const { body, foreign } = editBody(kind, values);
        if (foreign.length > 0) throw new UsageError(`edit ${kind} does not take ${foreign.join(', ')}`);
        if (Object.keys(body).length === 0)
          throw new UsageError(`edit ${kind} needs at least one field to change; see stackyard --help`);
        await edit(connectApi(io.env), kind, item, body, values, print);
        return EXIT.ok;
      }
      case 'mcp':
        return await bridge(io);
      case 'scan':
      case 'check': {
        if (rest.length > 1) throw new UsageError(`${command} takes one directory`);
        if (command === 'scan') return await scanCommand(rest[0], values, () => connectApi(io.env), print);
        return await checkCommand(rest[0], values, () => connectApi(io.env), print);
      }
      default:
        throw new UsageError(`unknown command "${command}"; see stackyard --help`);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof ScanUsageError ||
      error instanceof ConfigError ||
      error instanceof StackFileError ||
      (error instanceof TypeError && 'code' in error)
    ) {
      complain(error.message);
      return EXIT.usage;
    }
    if (error instanceof NotLoggedIn) {
      complain(error.message);
      return EXIT.unauthenticated;
    }
    if (error instanceof ApiProblem) {
      complain(problemText(error));
      return error.status === 401 ? EXIT.unauthenticated : EXIT.failed;
    }
    if (error instanceof ServerUnreachable) {
      complain(error.message);
      return EXIT.failed;
    }
    complain(error instanceof Error ? error.message : String(error));
    return EXIT.failed;
  }
}

class NotLoggedIn extends Error {}

/** The API's reason, with the fields it names (a 400 says which value was wrong and why). */
function problemText(problem: ApiProblem): string {
  const fields = problem.fields
    .filter((field) => field.detail !== problem.message)
    // A JSON pointer into the request body names the option's field: `/body/documentation_url`.
    .map((field) => `${field.pointer.replace(/^\/body\/?/, '') || 'body'}: ${field.detail}`);
  return [problem.message, ...fields].join('; ');
}

function credentials(env: NodeJS.ProcessEnv): Credentials {
  const found = loadCredentials(env);
  if (!found) throw new NotLoggedIn('not logged in: run `stackyard login --url <server>` first');
  return found;
}

function connectApi(env: NodeJS.ProcessEnv): ApiClient {
  const { url, token } = credentials(env);
  return createApiClient(fetchTransport(url), `Bearer ${token}`);
}

function number(text: string, name: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(`${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

async function readLines(stdin: Io['stdin']): Promise<string[]> {
  if (stdin.isTTY) return [];
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

async function login(
  io: Io,
  print: (text: string) => void,
  url: string | undefined,
  given: string | undefined,
) {
  const server = url ?? io.env.STACKYARD_URL;
  if (!server || !/^https?:\/\/[^/]/.test(server))
    throw new UsageError('login needs --url http(s)://your-stackyard');
  // A token typed as an argument lands in the shell's history; stdin does not.
  const token = given ?? (await readLines(io.stdin))[0];
  if (!token) throw new UsageError('login needs a token: --token sy_pat_…, or pipe it on stdin');
  const api = createApiClient(fetchTransport(server), `Bearer ${token}`);
  const workspaces = await api.get(workspaceListSchema, '/workspaces');
  const path = saveCredentials(io.env, { url: server.replace(/\/+$/, ''), token });
  print(
    `Logged in to ${server} (${workspaces.length} workspace${workspaces.length === 1 ? '' : 's'}); saved in ${path}`,
  );
  return EXIT.ok;
}

async function add(
  api: ApiClient,
  urls: string[],
  options: { resource?: boolean; workspace?: string; json?: boolean; wait: number },
  io: { print: (text: string) => void; complain: (text: string) => void },
): Promise<number> {
  const workspace = await resolveWorkspace(api, options.workspace);
  const kind = options.resource ? 'resources' : 'tools';
  const outcomes: Array<SubmissionOutcome | { url: string; error: string }> = [];
  let notAdded = 0;
  for (const url of urls) {
    // The server would keep a malformed URL as a submission held for review; say so here and send nothing.
    const malformed = httpUrlSchema.safeParse(url).error?.issues[0]?.message;
    if (malformed) {
      notAdded += 1;
      outcomes.push({ url, error: malformed });
      if (!options.json) io.print(`${url}: refused — ${malformed}`);
      continue;
    }
    try {
      const submitted = await api.send(submissionSchema, 'POST', `/ingestion/${kind}`, {
        workspace_id: workspace.id,
        submitted_url: url,
      });
      const outcome = describeSubmission(await waitForSubmission(api, submitted, options.wait * 1000));
      if (!outcome.finished) outcome.message = stillFetching(options.wait);
      if (outcome.status !== 'completed') notAdded += 1;
      outcomes.push(outcome);
      if (!options.json) io.print(`${url}: ${outcome.status} — ${outcome.message}`);
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.status === 401) throw error;
      notAdded += 1;
      outcomes.push({ url, error: problemText(error) });
      if (!options.json) io.print(`${url}: refused — ${problemText(error)}`);
    }
  }
  if (options.json) io.print(JSON.stringify({ workspace: workspace.slug, submissions: outcomes }, null, 2));
  if (notAdded === 0) return EXIT.ok;
  io.complain(
    notAdded === urls.length
      ? `nothing was added to ${workspace.slug}`
      : `${notAdded} of ${urls.length} URLs were not added to ${workspace.slug}`,
  );
  return EXIT.failed;
}

function stillFetching(waited: number): string {
  return `Still being fetched after ${waited} s; it may yet be added. Follow it on the workspace's Ingestions page, or run add again with a longer --wait.`;
}

async function search(
  api: ApiClient,
  query: string,
  options: { workspace?: string; json?: boolean; limit: number },
  print: (text: string) => void,
): Promise<number> {
  const workspace = await resolveWorkspace(api, options.workspace);
  const hits = (await searchLoosely(api, workspace.id, query, options.limit)).map((hit) => ({
    kind: hit.kind,
    id: hit.id,
    title: hit.title,
    slug: hit.slug,
    snippet: plainSnippet(hit.snippet_html),
  }));
  if (options.json) print(JSON.stringify({ workspace: workspace.slug, results: hits }, null, 2));
  else if (hits.length === 0) print(`Nothing in ${workspace.slug} matches "${query}".`);
  else
    for (const hit of hits)
      print(
        `${hit.kind.padEnd(8)} ${hit.title}${hit.slug && hit.slug !== hit.title ? ` (${hit.slug})` : ''}\n         ${hit.snippet}`,
      );
  return EXIT.ok;
}

function exportFormats(given: string[]): StackExportFormat[] {
  const names = [...new Set(given.flatMap((value) => value.split(',')).map((name) => name.trim()))];
  if (names.length === 0 || names.every((name) => !name))
    throw new UsageError(`export needs --format: one or more of ${STACK_EXPORT_FORMATS.join(', ')}`);
  return names.filter(Boolean).map((name) => {
    const parsed = stackExportFormatSchema.safeParse(name);
    if (!parsed.success) throw new UsageError(`unknown format "${name}": ${STACK_EXPORT_FORMATS.join(', ')}`);
    return parsed.data;
  });
}

async function exportStack(
  api: ApiClient,
  formats: StackExportFormat[],
  options: { workspace?: string; project?: string; out?: string; json?: boolean },
  stdout: Io['stdout'],
): Promise<number> {
  const print = (text: string) => stdout.write(`${text}\n`);
  const workspace = await resolveWorkspace(api, options.workspace);
  const files = [];
  for (const format of formats) files.push(await exportFile(api, workspace.id, format, options.project));
  const out = options.out;
  if (!out) {
    if (options.json) print(JSON.stringify({ workspace: workspace.slug, files }, null, 2));
    // The file exactly as the server made it, so `> AGENTS.md` gives the same bytes as --out.
    else if (files[0]) stdout.write(files[0].content);
    return EXIT.ok;
  }
  const written = files.map((file) => {
    // The paths are the contract's fixed list (e.g. .cursor/rules/stack.mdc), never text from the server.
    const target = join(resolve(out), file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    return { format: file.format, path: file.path, written_to: target };
  });
  if (options.json) print(JSON.stringify({ workspace: workspace.slug, files: written }, null, 2));
  else for (const file of written) print(`${file.format.padEnd(20)} ${file.written_to}`);
  return EXIT.ok;
}

/** The MCP tools over stdio, for clients that launch a local process; every call goes to the server by URL. */
async function bridge(io: Io): Promise<number> {
  const { url, token } = credentials(io.env);
  const api = createApiClient(fetchTransport(url), `Bearer ${token}`);
  // An MCP client shows a stdio server's stderr in its logs at best: a bad token or a wrong URL is said once,
  // at start, with the exit code, instead of as the same failure of every tool call.
  await checkServer(api, url);
  const handle = serveStdio(() => createStackyardMcpServer(api, { waitSeconds: 10 }), {
    onerror: (error) => io.stderr.write(`stackyard mcp: ${error.message}\n`),
  });
  // Serve until the client closes stdin.
  await new Promise<void>((resolve) => io.stdin.once('end', resolve).once('close', resolve));
  await handle.close();
  return EXIT.ok;
}

/** The server answers at `url` as stackyard, and takes the token. */
async function checkServer(api: ApiClient, url: string): Promise<void> {
  try {
    await api.get(workspaceListSchema, '/workspaces');
  } catch (error) {
    if (!(error instanceof ApiProblem)) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new Error(
        `no stackyard server answers at ${url} (${reason}); check STACKYARD_URL or log in again`,
        { cause: error },
      );
    }
    if (error.status !== 401) throw error;
    throw new NotLoggedIn(
      `${url} refused the access token: ${error.message} Create one in stackyard (Settings → Access tokens) and run \`stackyard login\`.`,
      { cause: error },
    );
  }
}
