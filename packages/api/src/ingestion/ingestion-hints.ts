import type { PreIngestionExtractedData } from '@stackyard/contracts/ingestion';
import type { SubmissionRow } from './ingestion.repo.ts';
import type { Executor } from '../db.ts';
import {
  addToolToProjects,
  insertItemComment,
  tagItem,
  workspaceProjectIds,
  workspaceTagIds,
} from './ingestion-hints.repo.ts';

/** What a completed submission made or linked. */
export type IngestedItem =
  { kind: 'tool'; workspaceToolId: string } | { kind: 'resource'; resourceId: string };

export interface Hints {
  tagIds: string[];
  projectIds: string[];
  comment: string | null;
}

export function hintsOf(data: PreIngestionExtractedData | null | undefined): Hints {
  const hints = data?.ingestion_hints;
  const relationships = hints?.suggested_workspace_relationships;
  const comment = hints?.suggested_comment?.trim();
  return {
    tagIds: [...new Set(relationships?.linked_tags ?? [])],
    projectIds: [...new Set(relationships?.linked_workspace_projects ?? [])],
    comment: comment ? comment : null,
  };
}

/**
 * Applies a completed submission's hints, in the transaction that completed it (so exactly once): the linked
 * tags are attached, a tool joins the linked projects (a resource has no projects, so they are ignored for
 * it), and the suggested comment is posted as the submitter's. Tags and projects no longer in the
 * workspace are skipped.
 */
export async function applyHints(db: Executor, submission: SubmissionRow, item: IngestedItem): Promise<void> {
  const hints = hintsOf(submission.preIngestionExtractedData);
  const tagIds = await workspaceTagIds(db, submission.workspaceId, hints.tagIds);
  const comment = submission.submittedComment?.trim() || hints.comment;
  await tagItem(db, item, tagIds);
  if (item.kind === 'tool') {
    await addToolToProjects(
      db,
      item.workspaceToolId,
      await workspaceProjectIds(db, submission.workspaceId, hints.projectIds),
    );
  }
  if (comment) {
    await insertItemComment(db, {
      workspaceId: submission.workspaceId,
      commenterId: submission.submittedByUserId,
      content: comment,
      ...(item.kind === 'tool' ? { workspaceToolId: item.workspaceToolId } : { resourceId: item.resourceId }),
    });
  }
}
