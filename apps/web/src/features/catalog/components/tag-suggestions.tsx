import { useId } from 'react';
import { TAG_SUGGESTION_SOURCE_LABELS, type TagSuggestion } from '@stackyard/contracts/tag-suggestion';
import { Alert } from '@/components/ui/alert';
import { DEFAULT_TAG_COLOR, useCreateTag } from '../api/create-tag';
import { useTagSuggestions } from '../api/get-tag-suggestions';
import { useSetItemTag } from '../api/set-item-tag';
import type { CatalogItem } from '../lib/item';

/**
 * The tags proposed for a tool or resource, as chips an editor accepts one at a time: a workspace tag is put
 * on, a new name is created first. Nothing is put on without the click.
 */
export function TagSuggestions({ workspaceId, item }: { workspaceId: string; item: CatalogItem }) {
  const headingId = useId();
  const suggestions = useTagSuggestions(item);
  const setTag = useSetItemTag(item);
  const create = useCreateTag();
  const busy = setTag.isPending || create.isPending;

  if (!suggestions.data || suggestions.data.suggestions.length === 0) return null;

  const accept = (suggestion: TagSuggestion) => {
    if (suggestion.tag_id) {
      setTag.mutate({ tagId: suggestion.tag_id, attached: true });
      return;
    }
    create.mutate(
      { workspace_id: workspaceId, tag_name: suggestion.tag_name, color: DEFAULT_TAG_COLOR },
      { onSuccess: (tag) => setTag.mutate({ tagId: tag.id, attached: true }) },
    );
  };

  return (
    <div className="mt-3">
      <h3 id={headingId} className="text-sm font-medium text-zinc-700">
        Suggested tags
      </h3>
      <ul aria-labelledby={headingId} className="mt-1.5 flex flex-wrap gap-2">
        {suggestions.data.suggestions.map((suggestion) => (
          <li key={suggestion.tag_name}>
            <button
              type="button"
              disabled={busy}
              onClick={() => accept(suggestion)}
              className="inline-flex items-center gap-1.5 rounded-full border border-dashed border-zinc-300 bg-white px-2.5 py-0.5 text-xs font-medium text-zinc-800 hover:border-zinc-500 disabled:opacity-50"
            >
              <span aria-hidden="true">+</span>
              {/* The name a screen reader hears contains the chip's visible text. */}
              <span className="sr-only">Add suggested tag </span>
              {suggestion.tag_name}{' '}
              <span className="text-zinc-500">({TAG_SUGGESTION_SOURCE_LABELS[suggestion.source]})</span>
            </button>
          </li>
        ))}
      </ul>
      {suggestions.data.model_note && (
        <p className="mt-1 text-xs text-zinc-600">{suggestions.data.model_note}</p>
      )}
      {(create.error ?? setTag.error) && (
        <Alert className="mt-2">{(create.error ?? setTag.error)?.message}</Alert>
      )}
    </div>
  );
}
