import { submissionKindSchema, type SubmissionKind } from '@stackyard/contracts/ingestion';

// The last workspace and kind saved to, so saving the next link is one click.
const STORAGE_KEY = 'stackyard.saveChoice';

export type SaveChoice = { workspaceId: string; kind: SubmissionKind };

export function rememberedChoice(): Partial<SaveChoice> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { workspaceId, kind } = parsed as Record<string, unknown>;
    const knownKind = submissionKindSchema.safeParse(kind);
    return {
      ...(typeof workspaceId === 'string' ? { workspaceId } : {}),
      ...(knownKind.success ? { kind: knownKind.data } : {}),
    };
  } catch {
    return {};
  }
}

export function rememberChoice(choice: SaveChoice): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage may be disabled; the next save starts from the defaults.
  }
}

/** The remembered workspace when it is still one to save to, else the current one, else the first. */
export function initialChoice(writableIds: string[], currentId: string | null): SaveChoice {
  const remembered = rememberedChoice();
  const workspaceId =
    [remembered.workspaceId, currentId].find((id) => id && writableIds.includes(id)) ?? writableIds[0] ?? '';
  return { workspaceId, kind: remembered.kind ?? 'tool' };
}
