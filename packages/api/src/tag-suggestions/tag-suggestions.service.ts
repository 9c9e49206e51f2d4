import { AppError } from '@stackyard/contracts/problem';
import type {
  TagSuggestion,
  TagSuggestionList,
  TagSuggestionSettings,
  UpdateTagSuggestionSettings,
} from '@stackyard/contracts/tag-suggestion';
import type { Database } from '@stackyard/db/client';
import { authorize, type CatalogReader, type SystemGrant } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem } from '../catalog/item-access.ts';
import { targetKinds, type Target } from '../catalog/targets.ts';
import type { Executor } from '../db.ts';
import { LlmError, type LlmSettings } from '../suggestions/llm.ts';
import { ensureTags, linkTags, tagsOf } from '../tags/tags.repo.ts';
import { modelTags } from './model-tags.ts';
import { rankTagSuggestions } from './rank.ts';
import {
  findApplySetting,
  findItemText,
  saveApplySetting,
  workspaceTags,
  type ItemText,
} from './tag-suggestions.repo.ts';

/** The colour of a tag that applying a suggestion creates. */
export const SUGGESTED_TAG_COLOR = '#6366f1';

/** What the list says when the configured model's ideas are missing. */
const MODEL_NOTE: Record<LlmError['reason'], string> = {
  timeout: 'The language model did not answer in time, so these are built-in suggestions.',
  unreachable: 'The language model could not be reached, so these are built-in suggestions.',
  unusable: "The language model's answer could not be used, so these are built-in suggestions.",
};

export interface TagSuggestionsContext {
  llm: LlmSettings | null;
  /** Where a failure of the model is reported: its kind only, never the prompt or the answer. */
  warn: (message: string) => void;
}

/** The suggestions for a tool or resource (any member), with the model's ideas when one is configured. */
export async function suggestTags(
  db: Database,
  context: TagSuggestionsContext,
  actor: Actor,
  target: Target,
): Promise<TagSuggestionList> {
  const kind = targetKinds[target.kind];
  const workspaceId = await kind.findWorkspace(db, target.id);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', kind.notFound);
  const known = await gather(db, access, target);
  if (!known) throw new AppError('not_found', kind.notFound);
  if (!context.llm) return { suggestions: rank(known) };
  try {
    const ideas = await modelTags(context.llm, {
      ...known.item,
      existingTags: known.tags.map((tag) => tag.name),
    });
    return { suggestions: rank(known, ideas) };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    context.warn(`tag suggestions: ${error.message} Answering the built-in suggestions.`);
    return { suggestions: rank(known), model_note: MODEL_NOTE[error.reason] };
  }
}

interface Known {
  item: ItemText;
  tags: { id: string; name: string }[];
  attachedTagIds: string[];
}

async function gather(db: Executor, reader: CatalogReader, target: Target): Promise<Known | null> {
  const item = await findItemText(db, reader, target);
  if (!item) return null;
  const [tags, attached] = await Promise.all([workspaceTags(db, reader), tagsOf(db, reader, target)]);
  return { item, tags, attachedTagIds: attached.map((tag) => tag.id) };
}

function rank(known: Known, modelIdeas: string[] = []): TagSuggestion[] {
  return rankTagSuggestions({
    ...known.item,
    workspaceTags: known.tags,
    attachedTagIds: known.attachedTagIds,
    modelTags: modelIdeas,
  });
}

/**
 * An ingestion job's last step, when its workspace asks for it: the built-in suggestions are put on the item
 * it made, a tag created where the workspace has none of that name.
 */
export async function applySuggestedTags(
  db: Executor,
  completer: SystemGrant,
  target: Target,
): Promise<void> {
  const known = await gather(db, completer, target);
  if (!known) return;
  const suggestions = rank(known);
  const newNames = suggestions.filter((suggestion) => !suggestion.tag_id).map((s) => s.tag_name);
  const created = await ensureTags(db, completer, newNames, SUGGESTED_TAG_COLOR);
  const tagIds = suggestions.map((s) => s.tag_id ?? created.get(s.tag_name.toLowerCase()));
  await linkTags(
    db,
    completer,
    target.kind,
    tagIds.filter((tagId): tagId is string => Boolean(tagId)).map((tagId) => ({ itemId: target.id, tagId })),
  );
}

export async function tagSuggestionSettings(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<TagSuggestionSettings> {
  const access = await authorize(db, actor, workspaceId, 'workspace:read');
  return {
    workspace_id: access.workspaceId,
    apply_suggested_tags: await findApplySetting(db, access.workspaceId),
  };
}

/** Admins and the owner turn applying suggested tags on ingestion on or off. */
export async function updateTagSuggestionSettings(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: UpdateTagSuggestionSettings,
): Promise<TagSuggestionSettings> {
  const access = await authorize(db, actor, workspaceId, 'workspace:update');
  await saveApplySetting(db, access, input.apply_suggested_tags);
  return { workspace_id: access.workspaceId, apply_suggested_tags: input.apply_suggested_tags };
}
