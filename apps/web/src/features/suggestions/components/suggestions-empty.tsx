import { LinkButton } from '@/components/ui/link-button';
import type { SuggestionList } from '@stackyard/contracts/suggestion';

type SuggestionsEmptyProps = {
  tooFew: SuggestionList['too_few'];
  focus: string;
  canAddTools: boolean;
  addToolsHref: string;
};

/** No ideas: either the collection is too small (say what to collect first) or every idea was used up. */
export function SuggestionsEmpty({ tooFew, focus, canAddTools, addToolsHref }: SuggestionsEmptyProps) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
      {tooFew ? (
        <>
          <h2 className="text-lg font-semibold text-zinc-950">Collect a few more tools first</h2>
          <p className="mt-2 text-zinc-600">
            Ideas combine the tools of this workspace: it has {tooFew.have}{' '}
            {tooFew.have === 1 ? 'tool' : 'tools'}, and ideas need at least {tooFew.need}.
          </p>
          {tooFew.collect_first.length > 0 && (
            <>
              <p className="mt-4 text-sm font-medium text-zinc-900">Good ones to collect first:</p>
              <ul className="mt-2 flex flex-wrap justify-center gap-2">
                {tooFew.collect_first.map((category) => (
                  <li
                    key={category}
                    className="rounded-full border border-zinc-200 bg-zinc-50 px-2.5 py-0.5 text-xs font-medium text-zinc-800"
                  >
                    {category}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-zinc-950">No more ideas for now</h2>
          <p className="mt-2 text-zinc-600">
            {focus
              ? 'Nothing in this collection matches this focus. Try another focus, or collect more tools.'
              : 'Every idea for this collection has been started or dismissed. Collect more tools for new ones.'}
          </p>
        </>
      )}
      {canAddTools ? (
        <LinkButton to={addToolsHref} className="mt-6">
          Add tools
        </LinkButton>
      ) : (
        <p className="mt-4 text-sm text-zinc-600">Editors and admins of this workspace add tools.</p>
      )}
    </div>
  );
}
