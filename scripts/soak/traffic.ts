// The soak's traffic (scripts/soak/main.ts): mixed API calls of signed-in users through the proxy, each call
// timed and classified, and every acknowledged write remembered so the end can check it in the database.
import { callApi, PROXY_ERROR_HEADER } from '@stackyard/testing/deployment';

export type Kind = 'read' | 'write' | 'search' | 'submission' | 'import';

export interface Client {
  jwt: string;
  workspaceId: string;
}

export interface Call {
  kind: Kind;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when the connection was cut. */
  status: number;
  /** Set on a 502 the proxy made because its upstream went away. */
  proxyError: string | null;
}

/** What the API acknowledged (2xx), by table: each id must be in the database at the end. */
export interface Acknowledged {
  tags: string[];
  projects: string[];
  submissions: string[];
  imports: string[];
}

const WEIGHTS: Array<[Kind, number]> = [
  ['read', 45],
  ['write', 20],
  ['search', 20],
  ['submission', 10],
  ['import', 5],
];

function pickKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'read';
}

let serial = 0;

function bookmarksFile(origin: string, batch: number): string {
  const links = Array.from(
    { length: 5 },
    (_, index) => `<DT><A HREF="${origin}/plain/?import=${batch}-${index}">Soak ${batch}-${index}</A>`,
  );
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>soak</H3>\n<DL><p>\n${links.join('\n')}\n</DL><p>\n</DL><p>\n`;
}

async function importBookmarks(baseUrl: string, client: Client, origin: string) {
  const response = await fetch(
    `${baseUrl}/api/v1/ingestion/bookmarks/workspace/${client.workspaceId}?file_name=soak.html`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${client.jwt}`, 'content-type': 'text/html' },
      body: bookmarksFile(origin, ++serial),
    },
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: response.ok ? (JSON.parse(text) as unknown) : text,
  };
}

/** One call of a random kind; records what it acknowledged. */
export async function oneCall(
  baseUrl: string,
  client: Client,
  fixtureOrigin: string,
  acknowledged: Acknowledged,
): Promise<Call> {
  const kind = pickKind();
  const startedAt = performance.now();
  const workspace = client.workspaceId;
  const n = ++serial;
  try {
    let answer: { status: number; body: unknown; headers: Headers };
    let record: string[] | null = null;
    switch (kind) {
      case 'read': {
        const paths = [
          `/workspaces/${workspace}/summary`,
          `/tools?workspace_id=${workspace}`,
          `/tags?workspace_id=${workspace}`,
          `/resources/workspace/${workspace}`,
          '/workspaces',
        ];
        answer = await callApi(baseUrl, client.jwt, 'GET', paths[n % paths.length] ?? '/workspaces');
        break;
      }
      case 'write':
        if (n % 2) {
          answer = await callApi(baseUrl, client.jwt, 'POST', '/tags', {
            workspace_id: workspace,
            tag_name: `soak-${n}`,
            color: '#3b82f6',
          });
          record = acknowledged.tags;
        } else {
          answer = await callApi(baseUrl, client.jwt, 'POST', '/projects', {
            workspace_id: workspace,
            metadata: { name: `Soak project ${n}` },
          });
          record = acknowledged.projects;
        }
        break;
      case 'search':
        answer = await callApi(
          baseUrl,
          client.jwt,
          'GET',
          `/search?workspace_id=${workspace}&q=${n % 2 ? 'soak' : 'pulsar'}`,
        );
        break;
      case 'submission':
        answer = await callApi(baseUrl, client.jwt, 'POST', `/ingestion/${n % 2 ? 'tools' : 'resources'}`, {
          workspace_id: workspace,
          submitted_url: `${fixtureOrigin}/bare?soak=${n}`,
        });
        record = acknowledged.submissions;
        break;
      case 'import':
        answer = await importBookmarks(baseUrl, client, fixtureOrigin);
        record = acknowledged.imports;
        break;
    }
    if (record && answer.status >= 200 && answer.status < 300) {
      record.push((answer.body as { id: string }).id);
    }
    return {
      kind,
      startedAt,
      endedAt: performance.now(),
      status: answer.status,
      proxyError: answer.headers.get(PROXY_ERROR_HEADER),
    };
  } catch (error) {
    // The proxy cut the connection: its upstream died in the middle of the answer.
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { kind, startedAt, endedAt: performance.now(), status: 0, proxyError: `cut: ${cause}` };
  }
}

export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}
