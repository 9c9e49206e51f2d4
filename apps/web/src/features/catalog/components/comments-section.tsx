import { useId, useState } from 'react';
import { COMMENT_MAX, commentBodySchema, type Comment } from '@stackyard/contracts/comment';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useEditComment } from '../api/edit-comment';
import { useComments } from '../api/get-comments';
import { useMarkCommentForAssistants } from '../api/mark-comment-for-assistants';
import type { CatalogItem } from '../lib/item';
import { LinkedText } from '@/components/linked-text';
import { RelativeTime } from '@/components/relative-time';

type CommentsSectionProps = {
  item: CatalogItem;
  /** The signed-in user's identity id: authors may delete their own comments. */
  currentUserId: string | null;
  /** Admins and the owner may delete anyone's comment. */
  canModerate: boolean;
  /** Editors and above mark a tool's comments for assistants (the AI-assistant export). */
  canMarkForAssistants: boolean;
};

// Comments on a tool, resource or project, oldest first; every member may comment.
export function CommentsSection({
  item,
  currentUserId,
  canModerate,
  canMarkForAssistants,
}: CommentsSectionProps) {
  const headingId = useId();
  const inputId = useId();
  const comments = useComments(item);
  const add = useAddComment(item);
  const remove = useDeleteComment(item);
  const form = useCheckedForm(commentBodySchema, { content: '' });
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];

  const submit = form.handleSubmit(async ({ content }) => {
    await add.mutateAsync(content);
    form.reset({ content: '' });
  });

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-lg font-semibold text-zinc-950">
        Comments
      </h2>
      {comments.isPending ? (
        <p className="mt-2 text-sm text-zinc-600">Loading comments...</p>
      ) : comments.isError ? (
        <Alert className="mt-2">Error loading comments: {comments.error.message}</Alert>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">No comments yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {items.map((comment) => (
            <li key={comment.id} className="rounded-lg border border-zinc-200 bg-white p-4">
              <CommentItem
                item={item}
                comment={comment}
                canEdit={comment.commenter_id === currentUserId}
                canDelete={canModerate || comment.commenter_id === currentUserId}
                canMark={canMarkForAssistants}
                onDelete={() => remove.mutate(comment.id)}
                deleting={remove.isPending}
              />
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          Load more comments
        </Button>
      )}
      {remove.error && <Alert className="mt-2">{remove.error.message}</Alert>}
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-900">
          Add a comment
        </label>
        <Textarea id={inputId} rows={3} maxLength={COMMENT_MAX} {...form.field('content')} />
        {add.error && <Alert>{add.error.message}</Alert>}
        <div>
          <Button type="submit" disabled={add.isPending || !form.values.content.trim()}>
            {add.isPending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      </form>
    </section>
  );
}

type CommentItemProps = {
  item: CatalogItem;
  comment: Comment;
  canEdit: boolean;
  canDelete: boolean;
  canMark: boolean;
  onDelete: () => void;
  deleting: boolean;
};

// Authors edit their own comments; authors, admins and the owner delete them.
function CommentItem({ item, comment, canEdit, canDelete, canMark, onDelete, deleting }: CommentItemProps) {
  const mark = useMarkCommentForAssistants(item);
  const marked = comment.for_assistants !== null;
  const [editing, setEditing] = useState(false);
  const author = comment.commenter_username ?? 'someone';

  return (
    <>
      <div className="flex items-center justify-between gap-2 text-xs text-zinc-500">
        <span>
          <span className="font-medium text-zinc-800">{comment.commenter_username ?? 'Someone'}</span>
          {' · '}
          <RelativeTime iso={comment.created_at} />
          {comment.updated_at !== comment.created_at && ' · edited'}
          {comment.for_assistants && (
            <>
              {' · '}
              <span data-testid="comment-for-assistants" className="font-medium text-amber-800">
                For assistants (marked by {comment.for_assistants.marked_by_username ?? 'someone'})
              </span>
            </>
          )}
        </span>
        <span className="flex gap-1">
          {canMark && (
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={marked}
              // The visible words come first in the name, so a voice command naming them reaches the button.
              aria-label={`${marked ? 'Unmark' : 'Mark'} for assistants: comment by ${author}`}
              disabled={mark.isPending}
              onClick={() => mark.mutate({ commentId: comment.id, marked: !marked })}
            >
              {marked ? 'Unmark for assistants' : 'Mark for assistants'}
            </Button>
          )}
          {canEdit && !editing && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit comment by ${author}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          )}
          {canDelete && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete comment by ${author}`}
              disabled={deleting}
              onClick={onDelete}
            >
              Delete
            </Button>
          )}
        </span>
      </div>
      {mark.error && <Alert className="mt-2">{mark.error.message}</Alert>}
      {editing ? (
        <CommentEditForm item={item} comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <p className="mt-2 text-sm break-words whitespace-pre-wrap text-zinc-900">
          <LinkedText text={comment.content} />
        </p>
      )}
    </>
  );
}

/** The author's edit of a comment, in place of its text. */
function CommentEditForm({
  item,
  comment,
  onDone,
}: {
  item: CatalogItem;
  comment: Comment;
  onDone: () => void;
}) {
  const edit = useEditComment(item);
  const form = useCheckedForm(commentBodySchema, { content: comment.content });
  const editId = useId();
  const save = form.handleSubmit(async ({ content }) => {
    await edit.mutateAsync({ commentId: comment.id, content });
    onDone();
  });

  return (
    <form onSubmit={save} noValidate className="mt-2 flex flex-col gap-2">
      <label htmlFor={editId} className="sr-only">
        Edit comment
      </label>
      <Textarea id={editId} rows={3} maxLength={COMMENT_MAX} {...form.field('content')} />
      {edit.error && <Alert>{edit.error.message}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={edit.isPending || !form.values.content.trim()}>
          Save
        </Button>
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
