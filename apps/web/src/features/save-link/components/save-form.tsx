import { useState, type FormEvent, type ReactNode } from 'react';
import type { PreIngestionExtractedData, SubmissionKind } from '@stackyard/contracts/ingestion';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  commentWithContext,
  contextLine,
  hintsOf,
  MAX_COMMENT,
  MAX_TITLE,
  quoteSelection,
  saveUrlSchema,
  type SavePrefill,
} from '../lib/prefill';

export type Choice = { id: string; name: string };

/** The chosen workspace's tag picker, composed by the page; the form keeps the ids ticked in it. */
export type TagPicker = (choice: { selected: string[]; onChange: (ids: string[]) => void }) => ReactNode;

export type SaveInput = { url: string; hints: PreIngestionExtractedData | null };

type SaveFormProps = {
  prefill: SavePrefill;
  workspaces: Choice[];
  workspaceId: string;
  onWorkspaceChange: (id: string) => void;
  kind: SubmissionKind;
  onKindChange: (kind: SubmissionKind) => void;
  tagPicker: TagPicker;
  saving: boolean;
  /** The API's refusal (its problem detail), shown as it is. */
  error: string | null;
  onSave: (input: SaveInput) => void;
};

const textareaClass =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-950 shadow-xs ' +
  'placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600';

const selectClass =
  'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-950 shadow-xs ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600';

const kindLabels: Record<SubmissionKind, string> = { tool: 'Tool', resource: 'Resource (a link to read)' };

export function SaveForm(props: SaveFormProps) {
  const { prefill, workspaces, workspaceId, kind, tagPicker, saving, error } = props;
  const [url, setUrl] = useState(prefill.url);
  const [title, setTitle] = useState(prefill.title);
  const [comment, setComment] = useState(() => quoteSelection(prefill.selection));
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [urlError, setUrlError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = saveUrlSchema.safeParse(url);
    if (!checked.success) {
      setUrlError(checked.error.issues[0]?.message);
      return;
    }
    setUrlError(undefined);
    props.onSave({
      url: checked.data,
      hints: hintsOf(tagIds, commentWithContext(comment, title, checked.data)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="URL" error={urlError}>
        <Input
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder="https://"
        />
      </FormField>
      <FormField
        label="Title"
        hint="Names the page in your comment; the saved item takes the page's own title."
      >
        <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={MAX_TITLE} />
      </FormField>
      <FormField
        label="Comment"
        hint={
          comment.trim()
            ? `Posted as your comment once it is added, ending with: ${contextLine(title, url)}`
            : 'Optional. Select text on the page before saving to quote it here.'
        }
      >
        <textarea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={4}
          maxLength={MAX_COMMENT}
          className={textareaClass}
        />
      </FormField>
      <FormField label="Workspace">
        <select
          value={workspaceId}
          onChange={(event) => {
            // Tags ticked in one workspace do not belong to another.
            setTagIds([]);
            props.onWorkspaceChange(event.target.value);
          }}
          className={selectClass}
        >
          {workspaces.map((workspace) => (
            <option key={workspace.id} value={workspace.id}>
              {workspace.name}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-900">Save as</legend>
        <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2">
          {(Object.keys(kindLabels) as SubmissionKind[]).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-zinc-800">
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => props.onKindChange(option)}
                className="size-4 accent-zinc-900"
              />
              {kindLabels[option]}
            </label>
          ))}
        </div>
      </fieldset>
      {tagPicker({ selected: tagIds, onChange: setTagIds })}
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
