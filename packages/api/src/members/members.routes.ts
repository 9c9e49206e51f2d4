import { z } from 'zod';
import {
  addMemberSchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  updateMemberRoleSchema,
} from '@stackyard/contracts/member';
import { transferOwnershipSchema } from '@stackyard/contracts/account';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { addMember, changeRole, listMembers, removeMember, transferOwnership } from './members.service.ts';

export function memberRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/workspaces/:id/members',
    {
      schema: {
        tags: ['members'],
        summary: 'The members of a workspace, owner first',
        params: workspaceParamsSchema,
        response: { 200: memberListSchema, ...always, ...notFound },
      },
    },
    async (request) => listMembers(db, actorOf(request), request.params.id),
  );

  app.post(
    '/workspaces/:id/members',
    {
      schema: {
        tags: ['members'],
        summary: 'Add an existing user by username (owner and admins)',
        params: workspaceParamsSchema,
        body: addMemberSchema,
        response: {
          201: memberSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...unprocessable,
          ...tooLarge,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addMember(db, actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/workspaces/:id/members/:userId/role',
    {
      schema: {
        tags: ['members'],
        summary: "Change a member's role (owner and admins; never the owner's)",
        params: memberParamsSchema,
        body: updateMemberRoleSchema,
        response: { 200: memberSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) =>
      changeRole(db, actorOf(request), request.params.id, request.params.userId, request.body.new_role),
  );

  app.delete(
    '/workspaces/:id/members/:userId',
    {
      schema: {
        tags: ['members'],
        summary: 'Remove a member (owner and admins), or leave (yourself)',
        params: memberParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request, reply) => {
      await removeMember(db, actorOf(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/workspaces/:id/transfer-ownership',
    {
      schema: {
        tags: ['members'],
        summary: 'Make another member the owner (owner only); the old owner stays an admin',
        params: workspaceParamsSchema,
        body: transferOwnershipSchema,
        response: { 200: memberSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const member = await transferOwnership(db, actor, request.params.id, request.body.user_id);
      // There is no audit table; the log line records who handed what to whom.
      request.log.info(
        { workspaceId: request.params.id, from: actor.userId, to: member.user_id },
        'workspace ownership transferred',
      );
      return member;
    },
  );
}
