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
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, whileClientWaits } from '../http.ts';
import { routesOf } from '../route.ts';
import { checkUsername, claimUsername, getProfile, searchUsers, updateProfile } from './profiles.service.ts';

export function profileRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'profile');
  routes.get('/profile', {
    summary: "The caller's profile; made on their first call",
    answer: profileSchema,
    handler: async ({ actor }) => getProfile(db, actor),
  });

  routes.put('/profile', {
    summary: 'Update display name, bio, avatar URL and theme',
    body: updateProfileSchema,
    answer: profileSchema,
    handler: async ({ actor, body }) => updateProfile(db, actor, body),
  });

  routes.post('/profile/username', {
    summary: 'Choose or change the username; earlier ones are kept as history',
    body: claimUsernameSchema,
    answer: usernameRecordSchema,
    problems: conflict,
    handler: async ({ actor, body }) => claimUsername(db, actor, body.username),
  });

  routes.get('/profile/username/check/:username', {
    summary: 'Whether the caller can take this username',
    params: usernameParamsSchema,
    answer: usernameAvailabilitySchema,
    // Asked as a username is typed; on PGlite, a check its client aborted for newer text is not run.
    handler: async ({ actor, params, reply }) =>
      whileClientWaits(reply, () => checkUsername(db, actor, params.username)),
  });

  routesOf(app, 'users').get('/users/search', {
    summary: 'Users whose current username starts with q',
    querystring: userSearchQuerySchema,
    answer: z.array(userSummarySchema),
    // Asked as a name is typed in the member picker; a search superseded while it waits is not run.
    handler: async ({ query, reply }) => whileClientWaits(reply, () => searchUsers(db, query)),
  });
}
