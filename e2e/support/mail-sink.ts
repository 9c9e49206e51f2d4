// A local SMTP server that keeps every mail the e2e server sends, and a tiny HTTP endpoint through which
// the specs (in other processes) read them. Runs inside global-setup.
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  raw: string;
}

function listening(server: { listen(port: number, host: string, done: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function portOf(server: Server | SMTPServer['server']): number {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the server has no port');
  return address.port;
}

export async function startMailSink() {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) {
          mails.push({ to: rcpt.address.toLowerCase(), raw: Buffer.concat(chunks).toString() });
        }
        callback();
      });
    },
  });
  await listening(smtp);
  const http = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://sink').searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails.filter((mail) => !to || mail.to === to)));
  });
  await listening(http);
  return {
    smtpUrl: `smtp://127.0.0.1:${portOf(smtp.server)}`,
    mailboxUrl: `http://127.0.0.1:${portOf(http)}`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
