import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookmarkImportSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { APP_REQUEST_HEADER, APP_REQUEST_HEADER_VALUE } from '@stackyard/contracts/app-request';
import { problemSchema } from '@stackyard/contracts/problem';
import { env } from '@/config/env';
import { ApiError, queryString } from '@/lib/api-client';
import { renewCredentialsHook } from '@/lib/credentials-renewal';
import { queryKeys } from '@/lib/query-keys';

/** Bytes sent of the file so far; total is the file's size. */
export type UploadProgress = { loaded: number; total: number };

type Answer = { status: number; body: unknown };

// XMLHttpRequest rather than fetch: only it reports how much of a request body has been sent.
function upload(url: string, file: File, onProgress: (progress: UploadProgress) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'text/html');
    request.setRequestHeader(APP_REQUEST_HEADER, APP_REQUEST_HEADER_VALUE);
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onload = () => resolve({ status: request.status, body: request.response });
    request.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    request.onabort = () => reject(new Error('The upload was cancelled.'));
    request.send(file);
  });
}

/**
 * POST /ingestion/bookmarks/workspace/{id}?file_name=: the Netscape bookmarks HTML file as the body; answers
 * 202 with the running import, which GET /ingestion/bookmarks/{id} then follows.
 */
export async function importBookmarks(
  workspaceId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void = () => {},
  includePrivate = false,
): Promise<BookmarkImport> {
  const query = queryString({
    file_name: file.name.slice(0, 255),
    include_private: includePrivate ? 'true' : undefined,
  });
  const url = `${env.apiBasePath}/ingestion/bookmarks/workspace/${encodeURIComponent(workspaceId)}${query}`;
  let answer = await upload(url, file, onProgress);
  // As apiRequest does: one retry with a renewed token when it had expired.
  const renew = renewCredentialsHook();
  if (answer.status === 401 && renew && (await renew())) answer = await upload(url, file, onProgress);
  if (answer.status < 200 || answer.status >= 300) {
    const problem = problemSchema.safeParse(answer.body);
    const detail = problem.success ? (problem.data.detail ?? problem.data.title) : null;
    throw new ApiError(
      answer.status,
      detail ?? `The request failed (${answer.status}).`,
      problem.success ? problem.data : null,
    );
  }
  return bookmarkImportSchema.parse(answer.body);
}

export function useImportBookmarks(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      onProgress,
      includePrivate,
    }: {
      file: File;
      onProgress: (progress: UploadProgress) => void;
      includePrivate: boolean;
    }) => importBookmarks(workspaceId, file, onProgress, includePrivate),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.ingestion.bookmarkImports(workspaceId) }),
  });
}
