// The courier, a queue of the job queue: the log outbox without SMTP, retries with backoff, one delivery per message
// however many dispatchers run, and a clean stop.
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { dbTest, type TestDb } from '@stackyard/testing/db-fixtures';
import { createCourier, mails, type CourierLog, type MailContent } from './courier.ts';
import { startSmtpSink } from './testing.ts';

const test = dbTest();

function captureLog() {
  const lines: Array<{ details: object; message: string }> = [];
  const push = (details: object, message: string) => void lines.push({ details, message });
  const log: CourierLog = { info: push, warn: push, error: push };
  return { lines, log };
}

async function rowsFor(db: TestDb, recipient: string) {
  return db.rows<{
    state: string;
    attempts: number;
    last_error: string | null;
    run_at: Date;
    payload: MailContent;
  }>(
    sql`select state, attempts, last_error, run_at, payload from jobs
      where queue = 'mail' and payload->>'recipient' = ${recipient}`,
  );
}

describe('courier', () => {
  test('without SMTP_URL logs the message, code included, and keeps it in the outbox', async ({ db }) => {
    const { lines, log } = captureLog();
    const courier = createCourier(db.db, { from: 'x <x@localhost>', pollMs: 1000, log });
    await courier.enqueue(
      mails.verification('local@example.com', '123456', 'http://localhost:3000/verify?flow=f'),
    );
    expect(await courier.dispatchDue()).toBe(1);
    const logged = lines.find((line) => (line.details as { to?: string }).to === 'local@example.com');
    expect(JSON.stringify(logged?.details)).toContain('123456');
    const [row] = await rowsFor(db, 'local@example.com');
    expect(row).toMatchObject({
      state: 'completed',
      attempts: 1,
      payload: { template: 'verification_code' },
    });
    expect(row?.payload.html).toContain('123456');
    await courier.stop();
  });

  test('retries a failed delivery with backoff until the server takes it', async ({ db }) => {
    let refuse = true;
    const received: string[] = [];
    const flaky = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          if (refuse) return callback(new Error('mailbox busy, try later'));
          received.push(session.envelope.rcptTo[0]?.address ?? '');
          return callback();
        });
      },
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const address = flaky.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { log } = captureLog();
    const courier = createCourier(db.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@localhost',
      pollMs: 1000,
      log,
    });
    try {
      await courier.enqueue(mails.recovery('retry@example.com', '654321', 'http://localhost:3000/recovery'));
      await courier.dispatchDue();
      const [failed] = await rowsFor(db, 'retry@example.com');
      expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
      expect(failed?.last_error).toContain('mailbox busy');
      expect(new Date(failed?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 5_000);
      expect(await courier.dispatchDue()).toBe(0);

      refuse = false;
      await db.db.execute(
        sql`update jobs set run_at = now() where queue = 'mail' and payload->>'recipient' = 'retry@example.com'`,
      );
      expect(await courier.dispatchDue()).toBe(1);
      expect(received).toEqual(['retry@example.com']);
      expect((await rowsFor(db, 'retry@example.com'))[0]).toMatchObject({
        state: 'completed',
        attempts: 2,
        last_error: null,
      });
    } finally {
      await courier.stop();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
  });

  test('delivers each message once when several dispatchers share the queue', async ({ db }) => {
    const sink = await startSmtpSink();
    const { log } = captureLog();
    const options = { smtpUrl: sink.url, from: 'x@localhost', pollMs: 1000, log };
    const first = createCourier(db.db, options);
    const second = createCourier(db.db, options);
    try {
      for (let index = 0; index < 12; index++) {
        await first.enqueue(
          mails.verification('many@example.com', String(100000 + index), 'http://localhost/verify'),
        );
      }
      const [a, b] = await Promise.all([first.dispatchDue(), second.dispatchDue()]);
      expect(a + b).toBe(12);
      expect(sink.mails.filter((mail) => mail.to === 'many@example.com')).toHaveLength(12);
    } finally {
      await first.stop();
      await second.stop();
      await sink.close();
    }
  });

  test('sends on its own once started, and stop() waits for the pass in flight', async ({ db }) => {
    const sink = await startSmtpSink();
    const { log } = captureLog();
    const courier = createCourier(db.db, { smtpUrl: sink.url, from: 'x@localhost', pollMs: 20, log });
    courier.start();
    try {
      await courier.enqueue(mails.verification('auto@example.com', '777777', 'http://localhost/verify'));
      const mail = await sink.waitForMail('auto@example.com');
      expect(mail.raw).toContain('777777');
    } finally {
      await courier.stop();
      await sink.close();
    }
    await courier.enqueue(mails.verification('after-stop@example.com', '888888', 'http://localhost/verify'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await rowsFor(db, 'after-stop@example.com'))[0]?.state).toBe('queued');
  });
});
