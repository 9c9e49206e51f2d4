import { z } from 'zod';
import { uuidSchema } from '@stackyard/contracts/common';

// The `state` the install URL carried through GitHub (JSON holding workspaceId), read back on the callback.
const installStateSchema = z.object({ workspaceId: uuidSchema });

/** The workspace id in the callback's state, or null when it is missing or not ours. */
export function workspaceIdFromState(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const parsed = installStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.workspaceId : null;
  } catch {
    return null;
  }
}

/** installation_id as GitHub sends it: digits only, else null. */
export function installationIdFrom(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
}
