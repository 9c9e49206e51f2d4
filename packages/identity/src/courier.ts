import { z } from 'zod';
import type { Database } from '@stackyard/db/client';
import { createQueueWorker, defineQueue } from '@stackyard/jobs/queue';

// The courier: a mail is a job of the mail queue (packages/jobs), so it is durable from the moment it is
// accepted, claimed by one worker in any number of processes, leased while it is sent, and retried with
// backoff. Without SMTP_URL it "sends" to the log, code included, so a local user can finish sign-up with no
// mail server; the job stays in the jobs table as the outbox.

/** The slice of a logger the courier writes to (a Fastify/pino logger fits). */
export interface CourierLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const mailContent = z.object({
  template: z.string(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MailContent = z.infer<typeof mailContent>;

export const mailQueue = defineQueue({
  name: 'mail',
  payload: mailContent,
  concurrency: 4,
  timeoutMs: 60_000,
  maxAttempts: 8,
  // 10 s after the first failure, doubling up to an hour.
  backoffMs: (attempt) => Math.min(3600, 2 ** attempt * 5) * 1000,
});

export interface Courier {
  enqueue(message: MailContent): Promise<void>;
  /** Sends what is due now; answers how many mails it handled. */
  dispatchDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createCourier(
  db: Database,
  options: { smtpUrl?: string | undefined; from: string; pollMs: number; log: CourierLog },
): Courier {
  // nodemailer loads with the first mail sent through SMTP_URL: without one (or before any mail) it is not needed.
  const smtpUrl = options.smtpUrl;
  const openTransport = async (url: string) => (await import('nodemailer')).default.createTransport(url);
  let transport: ReturnType<typeof openTransport> | null = null;

  const worker = createQueueWorker(db, mailQueue, {
    pollMs: options.pollMs,
    log: options.log,
    async handle(mail, _signal, job) {
      if (!smtpUrl) {
        options.log.info(
          { mailJobId: job.id, to: mail.recipient, subject: mail.subject, body: mail.text },
          // Worded as README.md and e2e/quick-tour.test.ts quote it; the mail stays in jobs, as the mail queue's job.
          'mail not sent (no SMTP_URL): logged and kept in the mail queue',
        );
        return;
      }
      transport ??= openTransport(smtpUrl);
      try {
        await (
          await transport
        ).sendMail({
          from: options.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        options.log.warn({ mailJobId: job.id, attempts: job.attempt, err: error }, 'mail delivery failed');
        throw error;
      }
    },
  });

  return {
    async enqueue(message) {
      await mailQueue.enqueue(db, message);
    },
    dispatchDue: () => worker.drain(),
    start: () => worker.start(),
    async stop() {
      // The worker is done with the transport once it has stopped.
      await worker.stop();
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
