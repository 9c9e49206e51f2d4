import type { Project } from '@stackyard/contracts/project';
import { SUGGESTION_FOCUS_MAX, suggestionListQuerySchema } from '@stackyard/contracts/suggestion';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useSuggestions } from '../api/get-suggestions';
import { ModeNote } from './mode-note';
import { NextSteps } from './next-steps';
import { SuggestionCard } from './suggestion-card';
import { SuggestionsEmpty } from './suggestions-empty';
import { SuggestionsSkeleton } from './suggestions-skeleton';

type SuggestionsPageProps = {
  workspaceId: string;
  /** The focus in the address; changing it changes the address (and so the ideas). */
  focus: string;
  onFocusChange: (focus: string) => void;
  /** Editors and admins start or dismiss an idea. */
  canDecide: boolean;
  canAddTools: boolean;
  addToolsHref: string;
  toolHref: (slug: string) => string;
  onStarted: (project: Project) => void;
};

/** Project ideas drawn from the workspace's own collection, and next steps for its existing projects. */
export function SuggestionsPage({ workspaceId, focus, onFocusChange, ...rest }: SuggestionsPageProps) {
  const { canDecide, canAddTools, addToolsHref, toolHref, onStarted } = rest;
  const suggestions = useSuggestions(workspaceId, focus);
  const first = suggestions.data?.pages[0];
  const items = suggestions.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Ideas" />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Ideas</h1>
      <p className="mt-2 text-zinc-700">
        Projects to build with the tools this workspace has collected, favouring the ones rated highly or not
        yet used in a project.
      </p>
      {/* Keyed by the address's focus, so going back or forward shows that focus in the box. */}
      <FocusForm key={focus} focus={focus} onSubmit={onFocusChange} />
      {first && <ModeNote mode={first.mode} model={first.model} note={first.mode_note} />}
      <div className="mt-6">
        {suggestions.isPending ? (
          <SuggestionsSkeleton />
        ) : suggestions.isLoadingError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert className="w-full">Error loading ideas: {suggestions.error.message}</Alert>
            <Button variant="outline" onClick={() => void suggestions.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <SuggestionsEmpty
            tooFew={first?.too_few}
            focus={focus}
            canAddTools={canAddTools}
            addToolsHref={addToolsHref}
          />
        ) : (
          <>
            <ul className="grid gap-4 lg:grid-cols-2">
              {items.map((suggestion) => (
                <li key={suggestion.id} className="flex">
                  <SuggestionCard
                    workspaceId={workspaceId}
                    suggestion={suggestion}
                    canDecide={canDecide}
                    toolHref={toolHref}
                    onStarted={onStarted}
                  />
                </li>
              ))}
            </ul>
            {suggestions.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void suggestions.fetchNextPage()}
                  disabled={suggestions.isFetchingNextPage}
                >
                  {suggestions.isFetchingNextPage ? 'Loading...' : 'More ideas'}
                </Button>
              </div>
            )}
            {suggestions.isFetchNextPageError && (
              <Alert className="mt-4">Error loading more ideas: {suggestions.error.message}</Alert>
            )}
          </>
        )}
      </div>
      <NextSteps workspaceId={workspaceId} toolHref={toolHref} />
    </section>
  );
}

// The query's own check: trimmed, and blank is no focus.
const focusSchema = suggestionListQuerySchema.pick({ focus: true });

function FocusForm({ focus, onSubmit }: { focus: string; onSubmit: (focus: string) => void }) {
  const form = useCheckedForm(focusSchema, { focus });
  const error = form.errors.focus;
  const submit = form.handleSubmit(async (checked) => onSubmit(checked.focus ?? ''));
  return (
    <form role="search" aria-label="Focus the ideas" onSubmit={submit} className="mt-6 flex flex-col gap-1.5">
      <label htmlFor="suggestions-focus" className="text-sm font-medium text-zinc-900">
        Focus
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="suggestions-focus"
          type="search"
          maxLength={SUGGESTION_FOCUS_MAX}
          placeholder="e.g. something with realtime, learn Rust"
          {...form.field('focus')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'suggestions-focus-error' : undefined}
          className="min-w-48 flex-1"
        />
        <Button type="submit">Suggest</Button>
        {focus && (
          <Button variant="ghost" onClick={() => onSubmit('')}>
            Clear focus
          </Button>
        )}
      </div>
      <FieldError id="suggestions-focus-error" error={error} />
    </form>
  );
}
