import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import type { PreIngestionExtractedData, SubmissionKind } from '@stackyard/contracts/ingestion';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useSubmitUrls, type BatchResult } from '../api/submit-urls';
import { MAX_URLS_PER_BATCH, parseUrls } from '../lib/parse-urls';

/** A project the submitter may suggest linking the new items to. */
export type HintChoice = { id: string; name: string };

/** The workspace's tag picker, composed by the page; the form keeps the ids chosen in it. */
export type TagPicker = (choice: { selected: string[]; onChange: (ids: string[]) => void }) => ReactNode;

type SubmitFormProps = {
  workspaceId: string;
  kind: SubmissionKind;
  tagPicker: TagPicker;
  projects: HintChoice[];
};

const submitFormSchema = z.object({
  urls: z.string().transform((text, context) => {
    const parsed = parseUrls(text);
    if (parsed.ok) return parsed.urls;
    context.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
  comment: z.string(),
});

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

export function SubmitForm({ workspaceId, kind, tagPicker, projects }: SubmitFormProps) {
  const headingId = useId();
  const form = useCheckedForm(submitFormSchema, { urls: '', comment: '' });
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<BatchResult | null>(null);
  const submit = useSubmitUrls(workspaceId);
  const noun = kind === 'tool' ? 'tool' : 'resource';

  const onSubmit = form.handleSubmit(async ({ urls, comment }) => {
    setOutcome(null);
    const result = await submit.mutateAsync({ kind, urls, hints: hintsOf(tagIds, projectIds, comment) });
    setOutcome(result);
    // Keep only what did not go through, so it can be fixed and sent again.
    form.setValue('urls', result.failed.map((failure) => failure.url).join('\n'));
    if (result.failed.length === 0) {
      setTagIds([]);
      setProjectIds([]);
      form.setValue('comment', '');
    }
  });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs">
      <h2 id={headingId} className="text-lg font-semibold text-zinc-950">
        {kind === 'tool' ? 'Add tools' : 'Add resources'}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormField
          label="URLs"
          error={form.errors.urls}
          hint={`One per line, up to ${MAX_URLS_PER_BATCH}, each starting with https:// or http://. The page is fetched and described for you.`}
        >
          <Textarea
            {...form.field('urls')}
            rows={4}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder={kind === 'tool' ? 'https://vite.dev' : 'https://example.com/an-article'}
          />
        </FormField>
        <details className="rounded-lg border border-zinc-200 px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium text-zinc-900">
            {kind === 'tool' ? 'Tags, projects and a comment (optional)' : 'Tags and a comment (optional)'}
          </summary>
          <div className="mt-3 flex flex-col gap-4">
            {tagPicker({ selected: tagIds, onChange: setTagIds })}
            {kind === 'tool' && (
              <Choices
                legend="Projects"
                empty="This workspace has no projects yet."
                choices={projects}
                selected={projectIds}
                onChange={setProjectIds}
              />
            )}
            <FormField label="Comment" hint={`Posted as your comment on each ${noun} once it is added.`}>
              <Textarea {...form.field('comment')} rows={2} maxLength={10_000} />
            </FormField>
          </div>
        </details>
        {submit.error && <Alert>{submit.error.message}</Alert>}
        {outcome && outcome.failed.length > 0 && (
          <Alert>
            {outcome.submitted.length > 0 && `Submitted ${plural(outcome.submitted.length, 'URL')}. `}
            {plural(outcome.failed.length, 'URL')} could not be submitted:
            <ul className="mt-1 list-disc pl-5">
              {outcome.failed.map((failure) => (
                <li key={failure.url} className="break-all">
                  {failure.url}: {failure.message}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {outcome && outcome.failed.length === 0 && (
          <Alert tone="success">
            Submitted {plural(outcome.submitted.length, 'URL')}; follow{' '}
            {outcome.submitted.length === 1 ? 'it' : 'them'} below.
          </Alert>
        )}
        <div>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : kind === 'tool' ? 'Submit tools' : 'Submit resources'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function hintsOf(tagIds: string[], projectIds: string[], comment: string): PreIngestionExtractedData | null {
  const suggestedComment = comment.trim();
  if (tagIds.length === 0 && projectIds.length === 0 && !suggestedComment) return null;
  return {
    ingestion_hints: {
      suggested_workspace_relationships: { linked_tags: tagIds, linked_workspace_projects: projectIds },
      ...(suggestedComment ? { suggested_comment: suggestedComment } : {}),
    },
  };
}

function Choices({
  legend,
  empty,
  choices,
  selected,
  onChange,
}: {
  legend: string;
  empty: string;
  choices: HintChoice[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-900">{legend}</legend>
      {choices.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600">{empty}</p>
      ) : (
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {choices.map((choice) => (
            <label key={choice.id} className="flex items-center gap-2 text-sm text-zinc-800">
              <input
                type="checkbox"
                checked={selected.includes(choice.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, choice.id]
                      : selected.filter((id) => id !== choice.id),
                  )
                }
                className="size-4 accent-zinc-900"
              />
              {choice.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
