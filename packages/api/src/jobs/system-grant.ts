import type { SystemGrant } from '../access/access.ts';

// The one place a SystemGrant is made. Import it only from job code (*.job.ts and the modules that do a
// job's work); routes and the services that answer user requests authorize() instead. Lint enforces it.

/** The grant of a job acting in `workspaceId` for the member `userId`, whose request queued it. */
export function systemGrant(workspaceId: string, userId: string): SystemGrant {
  return { workspaceId, userId, system: true } as SystemGrant;
}
