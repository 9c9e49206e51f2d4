import { useId } from 'react';
import { Link } from 'react-router';
import type { Project } from '@stackyard/contracts/project';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Suggestion } from '@stackyard/contracts/suggestion';
import { useAcceptSuggestion } from '../api/accept-suggestion';
import { DismissSuggestionDialog } from './dismiss-suggestion-dialog';
import { WhyText } from './why-text';

const scopeLabels: Record<Suggestion['scope'], string> = {
  weekend: 'A weekend',
  week: 'A week',
  month: 'A month',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type SuggestionCardProps = {
  workspaceId: string;
  suggestion: Suggestion;
  /** Editors and admins start or dismiss an idea; viewers only read. */
  canDecide: boolean;
  toolHref: (slug: string) => string;
  onStarted: (project: Project) => void;
};

const chip = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium';

/** One idea: pitch, why it fits, the tools it uses (and a marked stretch), size, milestones, and its actions. */
export function SuggestionCard({
  workspaceId,
  suggestion,
  canDecide,
  toolHref,
  onStarted,
}: SuggestionCardProps) {
  const titleId = useId();
  const accept = useAcceptSuggestion(workspaceId);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs"
    >
      <header className="flex flex-col gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-zinc-950">
          {suggestion.title}
        </h2>
        <dl className="flex flex-wrap gap-2 text-xs">
          <div className={`${chip} border-zinc-200 bg-zinc-50 text-zinc-700`}>
            <dt className="sr-only">Difficulty</dt>
            <dd>{capitalized(suggestion.difficulty)}</dd>
          </div>
          <div className={`${chip} border-zinc-200 bg-zinc-50 text-zinc-700`}>
            <dt className="sr-only">Scope</dt>
            <dd>{scopeLabels[suggestion.scope]}</dd>
          </div>
        </dl>
      </header>
      <p className="text-sm text-zinc-800">{suggestion.pitch}</p>
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">Why it fits</h3>
        <p className="mt-1 text-sm text-zinc-700">
          <WhyText text={suggestion.why} tools={suggestion.tools} toolHref={toolHref} />
        </p>
      </section>
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">Tools</h3>
        <ul aria-label="Tools it uses" className="mt-2 flex flex-wrap gap-2">
          {suggestion.tools.map((tool) => (
            <li key={tool.tool_id}>
              <Link
                to={toolHref(tool.slug)}
                className={`${chip} border-zinc-300 bg-white text-zinc-900 hover:border-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600`}
              >
                {tool.name}
                <span className="font-normal text-zinc-600"> — {tool.role}</span>
              </Link>
            </li>
          ))}
          {suggestion.stretch_category && (
            <li>
              <span className={`${chip} border-dashed border-amber-500 bg-amber-50 text-amber-900`}>
                <span className="mr-1 font-semibold">Stretch:</span>
                {suggestion.stretch_category}
              </span>
            </li>
          )}
        </ul>
        {suggestion.stretch_category && (
          <p className="mt-2 text-xs text-zinc-600">
            The stretch is a kind of tool this collection lacks: pick one to learn along the way.
          </p>
        )}
      </section>
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">Milestones</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-zinc-800">
          {suggestion.milestones.map((milestone, index) => (
            <li key={index}>{milestone}</li>
          ))}
        </ol>
      </section>
      {accept.error && <Alert>{accept.error.message}</Alert>}
      {canDecide && (
        <footer className="mt-auto flex flex-wrap gap-2 border-t border-zinc-100 pt-4">
          <Button
            disabled={accept.isPending}
            aria-describedby={titleId}
            onClick={() => accept.mutate(suggestion.id, { onSuccess: (project) => onStarted(project) })}
          >
            {accept.isPending ? 'Starting...' : 'Start this project'}
          </Button>
          <DismissSuggestionDialog workspaceId={workspaceId} suggestion={suggestion} />
        </footer>
      )}
    </article>
  );
}
