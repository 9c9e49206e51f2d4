import { useId } from 'react';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { Alert } from '@/components/ui/alert';
import { useTagSuggestionSettings, useUpdateTagSuggestionSettings } from '../api/tag-suggestion-settings';

/** The workspace's "apply suggested tags" switch, for its admins and owner (shown with the edit form). */
export function TagSuggestionSetting({ workspace }: { workspace: WorkspaceListItem }) {
  const id = useId();
  const settings = useTagSuggestionSettings(workspace.id);
  const update = useUpdateTagSuggestionSettings(workspace.id);
  const checked = update.isPending
    ? (update.variables?.apply_suggested_tags ?? false)
    : (settings.data?.apply_suggested_tags ?? false);
  return (
    <section className="rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">Tag suggestions</h3>
      <div className="mt-3 flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1"
          checked={checked}
          disabled={!settings.data || update.isPending}
          onChange={(event) => update.mutate({ apply_suggested_tags: event.target.checked })}
        />
        <label htmlFor={id} className="text-sm text-zinc-800">
          Apply suggested tags
          <span className="block text-xs text-zinc-600">
            Tools and resources added to {workspace.name} get their suggested tags without anyone accepting
            them; new tag names are created.
          </span>
        </label>
      </div>
      {(settings.error ?? update.error) && (
        <Alert className="mt-2">{(settings.error ?? update.error)?.message}</Alert>
      )}
    </section>
  );
}
