import { sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';
import { courierMessages } from '@stackyard/db/schema';

// The courier: a message is a row in courier_messages (the durable queue and outbox). A dispatcher claims due
// rows with FOR UPDATE SKIP LOCKED (so any number of processes can run one), sends them, and retries a
// failure with exponential backoff. Without SMTP_URL it "sends" to the log, code included, so a local user
// can finish sign-up with no mail server.

const BATCH = 10;
const MAX_ATTEMPTS = 8;
// A claimed row not finished within this lease (its process died) becomes due again.
const LEASE_SECONDS = 300;

/** The slice of a logger the courier writes to (a Fastify/pino logger fits). */
export interface CourierLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailContent {
  template: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

export interface Courier {
  enqueue(message: MailContent): Promise<void>;
  /** Sends what is due now; answers how many rows it handled. */
  dispatchDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  attempts: number;
  template: string;
}

export function createCourier(
  db: Database,
  options: { smtpUrl?: string | undefined; from: string; pollMs: number; log: CourierLog },
): Courier {
  // nodemailer loads with the first mail sent through SMTP_URL: without one (or before any mail) it is not needed.
  const smtpUrl = options.smtpUrl;
  const openTransport = async (url: string) => (await import('nodemailer')).default.createTransport(url);
  let transport: ReturnType<typeof openTransport> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function claim(): Promise<ClaimedRow[]> {
    const result = (await db.execute(sql`
      update courier_messages set status = 'sending', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
      where id in (
        select id from courier_messages
        where status in ('queued', 'sending') and next_attempt_at <= now()
        order by next_attempt_at limit ${BATCH}
        for update skip locked)
      returning id, recipient, subject, body_text, body_html, attempts, template
    `)) as { rows: ClaimedRow[] };
    return result.rows;
  }

  async function send(row: ClaimedRow): Promise<void> {
    try {
      if (smtpUrl) {
        transport ??= openTransport(smtpUrl);
        await (
          await transport
        ).sendMail({
          from: options.from,
          to: row.recipient,
          subject: row.subject,
          text: row.body_text,
          html: row.body_html,
        });
      } else {
        options.log.info(
          { courierMessageId: row.id, to: row.recipient, subject: row.subject, body: row.body_text },
          'mail not sent (no SMTP_URL): logged and kept in courier_messages',
        );
      }
      await db.execute(
        sql`update courier_messages set status = 'sent', sent_at = now(), last_error = null, updated_at = now() where id = ${row.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const abandoned = row.attempts >= MAX_ATTEMPTS;
      const delay = Math.min(3600, 2 ** row.attempts * 5);
      options.log.warn(
        { courierMessageId: row.id, attempts: row.attempts, err: error },
        'mail delivery failed',
      );
      await db.execute(sql`
        update courier_messages set status = ${abandoned ? 'abandoned' : 'queued'}, last_error = ${message},
          next_attempt_at = now() + make_interval(secs => ${delay}), updated_at = now()
        where id = ${row.id}`);
    }
  }

  async function dispatchDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) await send(row);
      handled += rows.length;
      if (rows.length < BATCH || stopped) return handled;
    }
  }

  // One pass at a time in this process; a pass asked for meanwhile runs right after.
  function tick(): Promise<number> {
    running ??= dispatchDue()
      .catch((error: unknown) => {
        if (!stopped) options.log.error({ err: error }, 'courier pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    async enqueue(message) {
      await db.insert(courierMessages).values({
        template: message.template,
        recipient: message.recipient,
        subject: message.subject,
        bodyText: message.text,
        bodyHtml: message.html,
      });
      if (timer && !stopped) void tick();
    },
    dispatchDue: tick,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), options.pollMs);
      timer.unref();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      if (transport) (await transport.catch(() => null))?.close();
    },
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function codeMail(template: string, to: string, subject: string, intro: string, code: string, url: string) {
  return {
    template,
    recipient: to,
    subject,
    text: `Hi,\n\n${intro}\n\n${code}\n\nOr open this link: ${url}\n\nThe code is valid for one hour. If you did not ask for it, ignore this message.\n`,
    html: `<p>Hi,</p><p>${escapeHtml(intro)}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>The code is valid for one hour. If you did not ask for it, ignore this message.</p>`,
  };
}

export const mails = {
  verification: (to: string, code: string, url: string): MailContent =>
    codeMail(
      'verification_code',
      to,
      'Please verify your email address',
      'Please verify your account by entering the following code:',
      code,
      url,
    ),
  recovery: (to: string, code: string, url: string): MailContent =>
    codeMail(
      'recovery_code',
      to,
      'Recover access to your account',
      'Please recover access to your account by entering the following code:',
      code,
      url,
    ),
};
