import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Suggestion } from '@stackyard/contracts/suggestion';
import { projects } from './catalog.ts';
import { oneOf, ownedBy, timestamps } from './columns.ts';
import { workspaces } from './workspaces.ts';

// Project suggestions. A suggestion is stored the first time it is shown, so accepting or dismissing
// refers to a stable id; its fingerprint (archetype and tool set, or the model's title) keeps it the same row
// when the engine proposes it again, and keeps a dismissed or accepted one from coming back.

export const SUGGESTION_STATUSES = ['open', 'dismissed', 'accepted'] as const;
export const SUGGESTION_ENGINES = ['builtin', 'llm'] as const;

/** What the engine proposed: everything of a suggestion but its id, engine and time. */
export type SuggestionContent = Omit<Suggestion, 'id' | 'engine' | 'created_at'>;

export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    fingerprint: text('fingerprint').notNull(),
    /** The title without case or punctuation: a dismissed title is not proposed again by either engine. */
    titleKey: text('title_key').notNull(),
    engine: text('engine', { enum: SUGGESTION_ENGINES }).notNull(),
    content: jsonb('content').$type<SuggestionContent>().notNull(),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('open'),
    dismissReason: text('dismiss_reason'),
    /** The project made when it was accepted (null again if that project is deleted). */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    // An identity id, like comments.commenter_id: no foreign key to the identity service.
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    unique('suggestions_fingerprint_key').on(table.workspaceId, table.fingerprint),
    index('suggestions_status_idx').on(table.workspaceId, table.status),
    check('suggestions_status_check', oneOf(table.status, SUGGESTION_STATUSES)),
    check('suggestions_engine_check', oneOf(table.engine, SUGGESTION_ENGINES)),
    check(
      'suggestions_dismiss_reason_check',
      sql`${table.dismissReason} is null or char_length(${table.dismissReason}) <= 500`,
    ),
  ],
);
