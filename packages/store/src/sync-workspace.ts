// One sync of a workspace to its repository: render, then write what changed as one commit. Called by
// populate and by the debounced sync job alike; running it twice on the same data makes one commit at most.
// The AI export's files, when the workspace chose them, go into the same commit, but only where the user has
// not edited them since stackyard last wrote them.
import type { CommitOutcome, GuardedFiles, RepositoryTarget } from './commit-files.ts';
import type { GithubClient } from './github-client.ts';
import type { GithubResult } from './github-failure.ts';
import type { RenderInputDraft } from './render-model.ts';
import { MANIFEST_PATH, ownedPathsFromManifest, renderRepository } from './render.ts';

export const DEFAULT_COMMIT_MESSAGE = 'Sync workspace from stackyard';

export function syncWorkspace(
  client: GithubClient,
  target: RepositoryTarget,
  input: RenderInputDraft,
  options: { message?: string; branch?: string; exports?: GuardedFiles } = {},
): Promise<GithubResult<CommitOutcome>> {
  const rendered = renderRepository(input);
  return client.commitFiles(target, {
    message: options.message ?? DEFAULT_COMMIT_MESSAGE,
    files: rendered.files,
    manifestPath: MANIFEST_PATH,
    ownedPaths: ownedPathsFromManifest,
    ...(options.branch === undefined ? {} : { branch: options.branch }),
    ...(options.exports === undefined ? {} : { guarded: options.exports }),
  });
}
