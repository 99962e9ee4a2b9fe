import { SMTPServer } from 'smtp-server';
import { boundPort, urlHost } from '../address.js';

/** A mail as the local stand-in received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body), as the client sent it. */
  raw: string;
  receivedAt: number;
}

export interface LocalSmtpServer {
  /** smtp://127.0.0.1:<port> — the server's SMTP_URL. */
  url: string;
  /** The mails received, oldest first (the newest 500 are kept). */
  mails(): ReceivedMail[];
  /** Makes the next `n` messages fail with a temporary (4xx) or permanent (5xx) reply (tests, harness). */
  failNext(n: number, code: 451 | 550): void;
  close(): Promise<void>;
}

const KEEP = 500;

/**
 * The local stand-in for a mail server (issue 12 item 2): a real SMTP server on this machine, so that
 * `npm start`, `npm run dev` and the tests send e-mail over real SMTP without any account — the server
 * is given its address as SMTP_URL, as it would be a mail relay's (decision 0086). It keeps what it
 * receives in memory, for the tests; nothing leaves the machine.
 */
export async function startLocalSmtpServer(
  options: { port?: number; host?: string } = {},
): Promise<LocalSmtpServer> {
  const { port = 0, host = '127.0.0.1' } = options;
  const received: ReceivedMail[] = [];
  let failing: { n: number; code: number } = { n: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'Emberwatch local mail stand-in',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failing.n > 0) {
          failing.n--;
          const err = Object.assign(
            new Error(failing.code >= 500 ? 'Mailbox unavailable' : 'Try again later'),
            {
              responseCode: failing.code,
            },
          );
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        if (received.length > KEEP) received.splice(0, received.length - KEEP);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.on('error', () => undefined);
  return {
    url: `smtp://${urlHost(host)}:${boundPort(server.server.address(), port)}`,
    mails: () => [...received],
    failNext: (n, code) => {
      failing = { n, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
