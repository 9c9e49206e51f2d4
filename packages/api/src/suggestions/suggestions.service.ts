import { AppError } from '@stackyard/contracts/problem';
import { slugify, uniqueSlug } from '@stackyard/contracts/slug';
import {
  SUGGESTION_PAGE_SIZE,
  type AcceptedSuggestion,
  type DismissedSuggestion,
  type DismissSuggestion,
  type NextStepsList,
  type Suggestion,
  type SuggestionList,
  type SuggestionListQuery,
} from '@stackyard/contracts/suggestion';
import type { Database } from '@stackyard/db/client';
import { authorize, type CatalogReader } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { insertComment } from '../comments/comments.repo.ts';
import { inTransaction, isUniqueViolation, type Executor } from '../db.ts';
import { findProject, insertProject, linkTools, slugsLike } from '../projects/projects.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { classifyTool, suggest, titleKey, type EngineInput, type EngineSuggestion } from './engine.ts';
import { LlmError, llmSuggestions, type LlmSettings } from './llm.ts';
import { nextSteps } from './next-steps.ts';
import { labelOf } from './taxonomy.ts';
import {
  findSuggestionForUpdate,
  findWorkspacePath,
  listDecided,
  listEngineTools,
  listOpenTitleKeys,
  listProjectToolSets,
  markAccepted,
  markDismissed,
  saveShown,
  type SuggestionRow,
} from './suggestions.repo.ts';

export const SUGGESTION_NOT_FOUND = 'Suggestion not found';
/** How many pages of "more ideas" the language model is asked for before the list ends. */
const LLM_PAGES = 5;

/** Where the page's notes come from when the model's answer is not used. */
const FALLBACK_NOTE: Record<LlmError['reason'], string> = {
  timeout: 'The language model did not answer in time, so these are built-in suggestions.',
  unreachable: 'The language model could not be reached, so these are built-in suggestions.',
  unusable: "The language model's answer could not be used, so these are built-in suggestions.",
};

/** A page of suggestions, and the cursor of the next page (sent in the x-next-cursor header). */
export type SuggestionPage = SuggestionList & { nextCursor: string | null };

export interface SuggestionsContext {
  llm: LlmSettings | null;
  /** Where a failure of the model is reported: its kind only, never the prompt, the answer or the key. */
  warn: (message: string) => void;
}

/** A page of suggestions for the workspace (any member): the model's when one is configured and answers. */
export async function listSuggestions(
  db: Database,
  context: SuggestionsContext,
  actor: Actor,
  workspaceId: string,
  query: SuggestionListQuery,
): Promise<SuggestionPage> {
  const access = await authorize(db, actor, workspaceId, 'suggestions:read');
  const page = decodePage(query.cursor);
  const input = await engineInput(db, access, query.focus);
  const builtin = suggest(input);
  if (builtin.tooFew) {
    return { items: [], nextCursor: null, mode: context.llm ? 'llm' : 'builtin', too_few: builtin.tooFew };
  }
  if (context.llm) {
    try {
      const proposed = await fromModel(db, access, context.llm, input, page);
      const items = await store(db, access, 'llm', proposed);
      return {
        items,
        nextCursor: page + 1 < LLM_PAGES && items.length > 0 ? encodePage(page + 1) : null,
        mode: 'llm',
        model: context.llm.model,
      };
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      context.warn(`suggestions: ${error.message} Falling back to the built-in engine.`);
      return {
        ...(await builtinPage(db, access, builtin.suggestions, page)),
        mode_note: FALLBACK_NOTE[error.reason],
      };
    }
  }
  return builtinPage(db, access, builtin.suggestions, page);
}

/** "Next steps" for the workspace's projects (any member): its tools to add to each, in a role it lacks. */
export async function listNextSteps(db: Database, actor: Actor, workspaceId: string): Promise<NextStepsList> {
  const access = await authorize(db, actor, workspaceId, 'suggestions:read');
  const tools = await listEngineTools(db, access);
  return { items: nextSteps(tools, await listProjectToolSets(db, access)) };
}

async function builtinPage(
  db: Executor,
  access: CatalogReader,
  ranked: EngineSuggestion[],
  page: number,
): Promise<SuggestionPage> {
  const start = page * SUGGESTION_PAGE_SIZE;
  const items = await store(db, access, 'builtin', ranked.slice(start, start + SUGGESTION_PAGE_SIZE));
  const more = start + SUGGESTION_PAGE_SIZE < ranked.length;
  return { items, nextCursor: more ? encodePage(page + 1) : null, mode: 'builtin' };
}

async function engineInput(
  db: Executor,
  access: CatalogReader,
  focus: string | undefined,
): Promise<EngineInput> {
  const [tools, projects, decided] = [
    await listEngineTools(db, access),
    await listProjectToolSets(db, access),
    await listDecided(db, access),
  ];
  return {
    tools,
    projects,
    excludedFingerprints: decided.fingerprints,
    excludedTitles: decided.titleKeys,
    ...(focus ? { focus } : {}),
  };
}

/** The model's proposals, minus anything decided, already a project, or (for "more ideas") already shown. */
async function fromModel(
  db: Executor,
  access: CatalogReader,
  settings: LlmSettings,
  input: EngineInput,
  page: number,
): Promise<EngineSuggestion[]> {
  const shown = page > 0 ? await listOpenTitleKeys(db, access, 'llm') : [];
  const projectTitles = input.projects.map((project) => titleKey(project.name));
  const avoid = new Set([...input.excludedTitles, ...projectTitles, ...shown]);
  const tools = input.tools
    .filter((tool) => tool.stance !== 'avoid')
    .map((tool) => ({
      ...tool,
      roles: [...classifyTool(tool).keys()].map(labelOf),
    }));
  const proposed = await llmSuggestions(settings, {
    tools,
    ...(input.focus ? { focus: input.focus } : {}),
    avoidTitles: [...avoid],
    count: SUGGESTION_PAGE_SIZE,
  });
  const fresh = proposed.filter((entry) => !avoid.has(titleKey(entry.title)));
  if (fresh.length === 0) throw new LlmError('unusable', 'The language model only repeated known projects.');
  return fresh.slice(0, SUGGESTION_PAGE_SIZE);
}

async function store(
  db: Executor,
  access: CatalogReader,
  engine: Suggestion['engine'],
  proposed: EngineSuggestion[],
): Promise<Suggestion[]> {
  return saveShown(
    db,
    access,
    proposed.map(({ fingerprint, ...content }) => ({
      fingerprint,
      titleKey: titleKey(content.title),
      engine,
      content,
    })),
  );
}

/**
 * Editors and admins start a suggested project: it is created with its tools linked and the milestones as its
 * first comment, and the suggestion is marked accepted (it never comes back).
 */
export async function acceptSuggestion(
  db: Database,
  actor: Actor,
  workspaceId: string,
  suggestionId: string,
): Promise<AcceptedSuggestion> {
  try {
    return await inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, workspaceId, 'suggestions:decide');
      const row = await requireOpen(tx, access, suggestionId);
      // Starting a project writes the catalog and a comment: the caller needs those rights too.
      const writer = await authorize(tx, actor, workspaceId, 'catalog:write');
      const commenter = await authorize(tx, actor, workspaceId, 'comments:write');
      const name = row.content.title.slice(0, 100).trim();
      const base = slugify(name, 'project');
      const slug = uniqueSlug(base, await slugsLike(tx, writer, base));
      const projectId = await insertProject(tx, writer, { name, slug });
      // Only tools still in the workspace are linked (one may have been deleted since it was suggested).
      await linkTools(
        tx,
        writer,
        projectId,
        row.content.tools.map((tool) => tool.tool_id),
      );
      await insertComment(tx, commenter, { kind: 'project', id: projectId }, milestonesComment(row));
      await markAccepted(tx, access, suggestionId, projectId);
      await markWorkspaceChanged(tx, access.workspaceId);
      const project = await findProject(tx, writer, { id: projectId });
      const path = await findWorkspacePath(tx, access);
      if (!project || !path) throw new Error('the new project could not be read back');
      return {
        suggestion_id: suggestionId,
        project,
        url: `/${path.username ?? ''}/${path.slug}/projects/${project.slug}`,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'The project could not be saved; try again.', { cause: error });
    throw error;
  }
}

/** Editors and admins dismiss a suggestion ("Not for us"), with an optional reason; it never comes back. */
export async function dismissSuggestion(
  db: Database,
  actor: Actor,
  workspaceId: string,
  suggestionId: string,
  input: DismissSuggestion,
): Promise<DismissedSuggestion> {
  return inTransaction(db, async (tx) => {
    const access = await authorize(tx, actor, workspaceId, 'suggestions:decide');
    const row = await findSuggestionForUpdate(tx, access, suggestionId);
    if (!row) throw new AppError('not_found', SUGGESTION_NOT_FOUND);
    if (row.status === 'accepted')
      throw new AppError('conflict', 'This suggestion was already started as a project.');
    const reason = input?.reason ?? null;
    await markDismissed(tx, access, suggestionId, reason);
    return { suggestion_id: suggestionId, dismissed: true, reason };
  });
}

async function requireOpen(
  db: Executor,
  access: Parameters<typeof findSuggestionForUpdate>[1],
  suggestionId: string,
): Promise<SuggestionRow> {
  const row = await findSuggestionForUpdate(db, access, suggestionId);
  if (!row) throw new AppError('not_found', SUGGESTION_NOT_FOUND);
  if (row.status === 'accepted')
    throw new AppError('conflict', 'This suggestion was already started as a project.');
  if (row.status === 'dismissed') throw new AppError('conflict', 'This suggestion was dismissed.');
  return row;
}

/** The project's first comment: the plan it was suggested with. */
function milestonesComment(row: SuggestionRow): string {
  const { content } = row;
  const lines = [
    content.pitch,
    '',
    'Milestones:',
    ...content.milestones.map((milestone, index) => `${index + 1}. ${milestone}`),
  ];
  if (content.stretch_category) lines.push('', `Stretch: pick a ${content.stretch_category.toLowerCase()}.`);
  return lines.join('\n');
}

/** The cursor is the next page's number ("p1", "p2", …). */
function decodePage(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^p([1-9]\d{0,3})$/.exec(cursor);
  if (!match) throw new AppError('bad_request', 'Invalid cursor');
  return Number(match[1]);
}

function encodePage(page: number): string {
  return `p${page}`;
}
