// Migration 0034 moves the mails still waiting in the courier's old table into the mail queue's jobs, where
// the courier sends them; run here against a database that still has the old table, with rows in it.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { dbTest } from '@stackyard/testing/db-fixtures';
import { createCourier, type CourierLog } from './courier.ts';

const migrations = new URL('../../db/migrations/', import.meta.url);
const statements = (file: string) =>
  readFileSync(new URL(file, migrations), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim());

// The test database with the old table, as migration 0001 made it, holding mails, and then migration 0034 run.
const test = dbTest().extend('migrated', { scope: 'file' }, async ({ db }) => {
  const [createOld] = statements('0001_identity.sql');
  await db.db.execute(sql.raw(createOld ?? ''));
  await db.db.execute(sql`
    insert into courier_messages (template, recipient, subject, body_text, body_html, status, attempts, next_attempt_at, last_error)
    values
      ('verification_code', 'waiting@example.com', 'Verify', 'code 111111', '<p>111111</p>', 'queued', 2, now() - interval '1 minute', 'mailbox busy'),
      ('recovery_code', 'claimed@example.com', 'Recover', 'code 222222', '<p>222222</p>', 'sending', 1, now() - interval '1 minute', null),
      ('verification_code', 'later@example.com', 'Verify', 'code 333333', '<p>333333</p>', 'queued', 3, now() + interval '1 hour', 'timeout'),
      ('verification_code', 'sent@example.com', 'Verify', 'code 444444', '<p>444444</p>', 'sent', 1, now(), null),
      ('verification_code', 'abandoned@example.com', 'Verify', 'code 555555', '<p>555555</p>', 'abandoned', 8, now(), 'no such host')`);
  for (const statement of statements('0034_mail_jobs.sql')) await db.db.execute(sql.raw(statement));
  return db;
});

test('moves the waiting mails into the mail queue, keeping their attempts, due time and last error', async ({
  migrated: db,
}) => {
  const jobs = await db.rows<{
    recipient: string;
    text: string;
    state: string;
    attempts: number;
    last_error: string | null;
    due: boolean;
  }>(
    sql`select payload->>'recipient' as recipient, payload->>'text' as text, state, attempts, last_error,
      run_at <= now() as due from jobs where queue = 'mail' order by recipient`,
  );
  expect(jobs).toEqual([
    {
      recipient: 'claimed@example.com',
      text: 'code 222222',
      state: 'queued',
      attempts: 1,
      last_error: null,
      due: true,
    },
    {
      recipient: 'later@example.com',
      text: 'code 333333',
      state: 'queued',
      attempts: 3,
      last_error: 'timeout',
      due: false,
    },
    {
      recipient: 'waiting@example.com',
      text: 'code 111111',
      state: 'queued',
      attempts: 2,
      last_error: 'mailbox busy',
      due: true,
    },
  ]);
  const [old] = await db.rows<{ table: string | null }>(
    sql`select to_regclass('courier_messages')::text as table`,
  );
  expect(old?.table).toBeNull();
});

test('the courier sends the moved mails that are due', async ({ migrated: db }) => {
  const logged: string[] = [];
  const log: CourierLog = {
    info: (details) => void logged.push((details as { to: string }).to),
    warn: () => undefined,
    error: () => undefined,
  };
  const courier = createCourier(db.db, { from: 'x@localhost', pollMs: 1000, log });
  try {
    expect(await courier.dispatchDue()).toBe(2);
    expect(logged.sort()).toEqual(['claimed@example.com', 'waiting@example.com']);
  } finally {
    await courier.stop();
  }
});
