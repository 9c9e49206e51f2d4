import {
  addMemberSchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  updateMemberRoleSchema,
} from '@stackyard/contracts/member';
import { transferOwnershipSchema } from '@stackyard/contracts/account';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { routesOf } from '../route.ts';
import { addMember, changeRole, listMembers, removeMember, transferOwnership } from './members.service.ts';
export function memberRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'members');
  routes.get('/workspaces/:id/members', {
    summary: 'The members of a workspace, owner first',
    params: workspaceParamsSchema,
    answer: memberListSchema,
    problems: notFound,
    handler: async ({ actor, params }) => listMembers(db, actor, params.id),
  });

  routes.post('/workspaces/:id/members', {
    summary: 'Add an existing user by username (owner and admins)',
    params: workspaceParamsSchema,
    body: addMemberSchema,
    created: memberSchema,
    problems: { ...forbidden, ...notFound, ...conflict, ...unprocessable },
    handler: async ({ actor, params, body }) => addMember(db, actor, params.id, body),
  });

  routes.put('/workspaces/:id/members/:userId/role', {
    summary: "Change a member's role (owner and admins; never the owner's)",
    params: memberParamsSchema,
    body: updateMemberRoleSchema,
    answer: memberSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body }) =>
      changeRole(db, actor, params.id, params.userId, body.new_role),
  });

  routes.delete('/workspaces/:id/members/:userId', {
    summary: 'Remove a member (owner and admins), or leave (yourself)',
    params: memberParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...conflict, ...tooLarge },
    handler: async ({ actor, params }) => removeMember(db, actor, params.id, params.userId),
  });

  routes.post('/workspaces/:id/transfer-ownership', {
    summary: 'Make another member the owner (owner only); the old owner stays an admin',
    params: workspaceParamsSchema,
    body: transferOwnershipSchema,
    answer: memberSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body, request }) => {
      const member = await transferOwnership(db, actor, params.id, body.user_id);
      // There is no audit table; the log line records who handed what to whom.
      request.log.info(
        { workspaceId: params.id, from: actor.userId, to: member.user_id },
        'workspace ownership transferred',
      );
      return member;
    },
  });
}
