import { REVIEWABLE_STATUSES, type PreIngestionExtractedData } from '@stackyard/contracts/ingestion';
import { isSystemGrant, memberMay, type CatalogWriter } from '../access/access.ts';
import type { Target } from '../catalog/targets.ts';
import { insertSubmitterComment } from '../comments/comments.repo.ts';
import type { Executor } from '../db.ts';
import { enqueueFactsAfterIngestion } from '../facts/facts.job.ts';
import { linkTools, workspaceProjectIds } from '../projects/projects.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { applySuggestedTags } from '../tag-suggestions/tag-suggestions.service.ts';
import { linkTags, workspaceTagIds } from '../tags/tags.repo.ts';
import { reviewSubmission, setSubmissionCompleted, type SubmissionRow } from './ingestion.repo.ts';

// How a submission completes, the same whoever completes it: its job (a SystemGrant acting for the
// submitter) after reading the page, or a reviewer (Authorized<'ingestion:review'>) releasing it by hand.

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

const targetOf = (item: IngestedItem): Target =>
  item.kind === 'tool'
    ? { kind: 'tool', id: item.workspaceToolId }
    : { kind: 'resource', id: item.resourceId };

/**
 * Completes a submission with what it made or linked, in the caller's transaction: the job moves a pending
 * or fetching one (an attempt that finishes after the outcome was written, abandoned at its time limit,
 * changes nothing), a reviewer a quarantined or failed one. Then, exactly once, the hints apply, so do the
 * suggested tags where the workspace asks for them, the workspace is marked changed and a tool's facts are
 * queued. Answers the completed row, or undefined when it was no longer movable.
 */
export async function completeSubmission(
  db: Executor,
  completer: CatalogWriter<'ingestion:review'>,
  submission: SubmissionRow,
  item: IngestedItem,
): Promise<SubmissionRow | undefined> {
  const completed = await moveToCompleted(db, completer, submission.id, item);
  if (!completed) return undefined;
  const { moved, workspace } = completed;
  await applyHints(db, completer, moved, item);
  if (workspace.applySuggestedTags && isSystemGrant(completer))
    await applySuggestedTags(db, completer, targetOf(item));
  if (workspace.linkedStore) await markWorkspaceChanged(db, completer.workspaceId);
  // The tool's repository and package facts, fetched by their own job; a failure there never blocks the tool.
  if (item.kind === 'tool') await enqueueFactsAfterIngestion(db, item.workspaceToolId);
  return moved;
}

/**
 * The move to completed, and what the job's statement read of the workspace with it. A reviewer is a person,
 * who tags what they release: no suggested tags then, and the workspace is marked changed if it is linked.
 */
async function moveToCompleted(
  db: Executor,
  completer: CatalogWriter<'ingestion:review'>,
  id: string,
  item: IngestedItem,
): Promise<
  { moved: SubmissionRow; workspace: { applySuggestedTags: boolean; linkedStore: boolean } } | undefined
> {
  const made =
    item.kind === 'tool' ? { workspaceToolId: item.workspaceToolId } : { resourceId: item.resourceId };
  if (isSystemGrant(completer)) {
    const moved = await setSubmissionCompleted(db, id, made);
    return moved && { moved, workspace: moved };
  }
  const moved = await reviewSubmission(db, completer, id, REVIEWABLE_STATUSES, {
    status: 'completed',
    quarantineContext: null,
    ...made,
  });
  return moved && { moved, workspace: { applySuggestedTags: false, linkedStore: true } };
}

/**
 * The linked tags are attached, a tool joins the linked projects (a resource has no projects, so they are
 * ignored for it), and the comment is posted as the submitter's. Tags and projects no longer in the
 * workspace are skipped, and so is the comment of a submitter who may no longer comment there (removed, or
 * gone with their account) when a reviewer releases the submission: nobody posts in their name. The
 * submission keeps the comment it was sent with.
 */
async function applyHints(
  db: Executor,
  completer: CatalogWriter<'ingestion:review'>,
  submission: SubmissionRow,
  item: IngestedItem,
): Promise<void> {
  const hints = hintsOf(submission.preIngestionExtractedData);
  const target = targetOf(item);
  const tagIds = await workspaceTagIds(db, completer, hints.tagIds);
  await linkTags(
    db,
    completer,
    target.kind,
    tagIds.map((tagId) => ({ itemId: target.id, tagId })),
  );
  if (item.kind === 'tool') {
    for (const projectId of await workspaceProjectIds(db, completer, hints.projectIds)) {
      await linkTools(db, completer, projectId, [item.workspaceToolId]);
    }
  }
  const comment = submission.submittedComment?.trim() || hints.comment;
  if (!comment || !(await submitterMayComment(db, completer, submission))) return;
  await insertSubmitterComment(db, completer, submission.submittedByUserId, target, comment);
}

/** A job has just checked its grant (catalog:write, more than commenting needs); a reviewer asks here. */
async function submitterMayComment(
  db: Executor,
  completer: CatalogWriter<'ingestion:review'>,
  submission: SubmissionRow,
): Promise<boolean> {
  if (isSystemGrant(completer)) return true;
  return memberMay(db, completer.workspaceId, submission.submittedByUserId, 'comments:write');
}
