// The product API as the extension calls it: the same calls as the web app's save page, signed in with
// the OAuth sign-in's access token or the pasted one.
import type { PreIngestionExtractedData, Submission, SubmissionKind } from '@stackyard/contracts/ingestion';
import type { Project } from '@stackyard/contracts/project';
import type { Tag } from '@stackyard/contracts/tag';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { accessToken } from './oauth.ts';
import type { Connection } from './settings.ts';

export interface SavedItem {
  workspace_id: string;
  workspace_name: string;
  kind: SubmissionKind;
  id: string;
}

/** A refusal of the server, with the problem's detail as the message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const UNREACHABLE = (serverUrl: string) =>
  `Could not reach the stackyard server at ${serverUrl}. Check the server URL in the extension's settings.`;

async function send(connection: Connection, method: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(`${connection.serverUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${connection.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE(connection.serverUrl));
  }
}

async function call<T>(
  connection: Connection,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  let response = await send(connection, method, path, body);
  if (response.status === 401 && connection.oauth) {
    // The access token expired or was revoked early: once more with a refreshed one, kept in the connection
    // for the calls that follow.
    const renewed = await accessToken(connection.serverUrl, connection.token).catch(() => null);
    if (renewed) {
      connection.token = renewed;
      response = await send(connection, method, path, body);
    }
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not the API (a proxy's error page, another site): said below.
  }
  if (!response.ok || parsed === null) {
    const detail = (parsed as { detail?: unknown } | null)?.detail;
    throw new ApiError(
      response.status,
      typeof detail === 'string' ? detail : `The server answered ${response.status} ${response.statusText}.`,
    );
  }
  return parsed as T;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const listWorkspaces = (connection: Connection) =>
  call<WorkspaceListItem[]>(connection, 'GET', '/workspaces');

export const listTags = (connection: Connection, workspaceId: string) =>
  call<Tag[]>(connection, 'GET', `/tags?${query({ workspace_id: workspaceId, limit: '100' })}`);

export const listProjects = (connection: Connection, workspaceId: string) =>
  call<Project[]>(
    connection,
    'GET',
    `/projects?${query({ workspace_id: workspaceId, limit: '100', sort: 'name' })}`,
  );

/** Where the caller already keeps this URL. */
export const lookUp = async (connection: Connection, url: string) =>
  (await call<{ saved: SavedItem[] }>(connection, 'GET', `/lookup?${query({ url })}`)).saved;

export const submit = (
  connection: Connection,
  kind: SubmissionKind,
  body: {
    workspace_id: string;
    submitted_url: string;
    pre_ingestion_extracted_data: PreIngestionExtractedData | null;
  },
) => call<Submission>(connection, 'POST', `/ingestion/${kind}s`, body);

export const getSubmission = (connection: Connection, id: string) =>
  call<Submission>(connection, 'GET', `/ingestion/submissions/${id}`);
