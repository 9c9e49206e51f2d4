import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import type { PreIngestionExtractedData, SubmissionKind } from '@stackyard/contracts/ingestion';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCheckedForm } from '@/lib/use-checked-form';
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

/** The chosen workspace's tag picker, composed by the page; the form keeps the ids chosen in it. */
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

const saveFormSchema = z.object({ url: saveUrlSchema, title: z.string(), comment: z.string() });

const kindLabels: Record<SubmissionKind, string> = { tool: 'Tool', resource: 'Resource (a link to read)' };

export function SaveForm(props: SaveFormProps) {
  const { prefill, workspaces, workspaceId, kind, tagPicker, saving, error } = props;
  const form = useCheckedForm(saveFormSchema, {
    url: prefill.url,
    title: prefill.title,
    comment: quoteSelection(prefill.selection),
  });
  const { url, title, comment } = form.values;
  const [tagIds, setTagIds] = useState<string[]>([]);

  const onSubmit = form.handleSubmit(async (checked) => {
    props.onSave({
      url: checked.url,
      hints: hintsOf(tagIds, commentWithContext(comment, title, checked.url)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="URL" error={form.errors.url}>
        <Input
          type="url"
          {...form.field('url')}
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
        <Input maxLength={MAX_TITLE} {...form.field('title')} />
      </FormField>
      <FormField
        label="Comment"
        hint={
          comment.trim()
            ? `Posted as your comment once it is added, ending with: ${contextLine(title, url)}`
            : 'Optional. Select text on the page before saving to quote it here.'
        }
      >
        <Textarea rows={4} maxLength={MAX_COMMENT} {...form.field('comment')} />
      </FormField>
      <FormField label="Workspace">
        <Select
          value={workspaceId}
          choices={workspaces}
          onChange={(event) => {
            // Tags chosen in one workspace do not belong to another.
            setTagIds([]);
            props.onWorkspaceChange(event.target.value);
          }}
        />
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
