import {
  claimUsernameSchema,
  profileSchema,
  updateProfileSchema,
  userSearchQuerySchema,
  userSummarySchema,
  usernameAvailabilitySchema,
  usernameParamsSchema,
  usernameRecordSchema,
} from '@stackyard/contracts/profile';
import { z } from 'zod';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, tooLarge, whileClientWaits } from '../http.ts';
import { checkUsername, claimUsername, getProfile, searchUsers, updateProfile } from './profiles.service.ts';

export function profileRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's profile; made on their first call",
        response: { 200: profileSchema, ...always },
      },
    },
    async (request) => getProfile(db, actorOf(request)),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update display name, bio, avatar URL and theme',
        body: updateProfileSchema,
        response: { 200: profileSchema, ...always, ...tooLarge },
      },
    },
    async (request) => updateProfile(db, actorOf(request), request.body),
  );

  app.post(
    '/profile/username',
    {
      schema: {
        tags: ['profile'],
        summary: 'Choose or change the username; earlier ones are kept as history',
        body: claimUsernameSchema,
        response: { 200: usernameRecordSchema, ...always, ...conflict, ...tooLarge },
      },
    },
    async (request) => claimUsername(db, actorOf(request), request.body.username),
  );

  app.get(
    '/profile/username/check/:username',
    {
      schema: {
        tags: ['profile'],
        summary: 'Whether the caller can take this username',
        params: usernameParamsSchema,
        response: { 200: usernameAvailabilitySchema, ...always },
      },
    },
    // Asked as a username is typed; on PGlite, a check its client aborted for newer text is not run.
    async (request, reply) =>
      whileClientWaits(reply, () => checkUsername(db, actorOf(request), request.params.username)),
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Users whose current username starts with q',
        querystring: userSearchQuerySchema,
        response: { 200: z.array(userSummarySchema), ...always },
      },
    },
    // Asked as a name is typed in the member picker; a search superseded while it waits is not run.
    async (request, reply) => {
      actorOf(request);
      return whileClientWaits(reply, () => searchUsers(db, request.query));
    },
  );
}
