// The comment a save posts, written as the web app's save page writes it: the selection as a Markdown
// quote, then a line naming the page it came from.
import type { PreIngestionExtractedData } from '@stackyard/contracts/ingestion';
import { commentWithContext } from '@stackyard/contracts/saved-comment';

export { contextLine, quoteSelection } from '@stackyard/contracts/saved-comment';

/** The submission's hints: tags, the project (a tool's), and the comment with its context line. */
export function hintsOf(input: {
  tagIds: string[];
  projectIds: string[];
  comment: string;
  title: string;
  url: string;
}): PreIngestionExtractedData | null {
  const comment = commentWithContext(input.comment, input.title, input.url);
  if (input.tagIds.length === 0 && input.projectIds.length === 0 && !comment) return null;
  return {
    ingestion_hints: {
      suggested_workspace_relationships: {
        linked_tags: input.tagIds,
        linked_workspace_projects: input.projectIds,
      },
      ...(comment ? { suggested_comment: comment } : {}),
    },
  };
}
