import nodemailer, { type Transporter } from 'nodemailer';
import type { ChannelAdapter, OutgoingMessage, SendOutcome } from './ChannelAdapter.js';

/** SMTP reply codes and nodemailer error codes that no retry will change (a refused address). */
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * E-mail over SMTP with nodemailer (issue 12 item 2): the configured server (`SMTP_URL`: a relay, or
 * the local stand-in that `npm start` and the tests run, decision 0086). A 5xx reply or a refused envelope is permanent; a 4xx
 * reply, a timeout or a lost connection is tried again later.
 */
export class EmailChannel implements ChannelAdapter {
  readonly channel = 'email' as const;
  private readonly transport: Transporter;

  /**
   * `connections`: SMTP connections kept open and reused, as many as e-mails may be in flight (the
   * worker's e-mail concurrency, decision 0069) — a mail then costs its transaction, not a new
   * connection, greeting and EHLO. 1: a fresh connection per mail.
   */
  constructor(
    smtpUrl: string,
    private readonly from: string,
    connections = 1,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      ...(connections > 1 ? { pool: true, maxConnections: connections } : {}),
    });
  }

  async send(m: OutgoingMessage): Promise<SendOutcome> {
    try {
      const info = (await this.transport.sendMail({
        from: this.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        // One id per outbox row: a retried message is recognisable as the same one.
        messageId: `<delivery-${m.id}@emberwatch>`,
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': m.language },
      })) as { messageId?: string; rejected?: unknown[] };
      if (info.rejected && info.rejected.length > 0)
        return { ok: false, permanent: true, error: 'The mail server refused the address.' };
      return { ok: true, providerId: info.messageId };
    } catch (err) {
      return emailFailure(err);
    }
  }

  close(): void {
    this.transport.close();
  }
}

export function emailFailure(err: unknown): SendOutcome {
  const e = err as { responseCode?: number; code?: string; message?: string };
  // The server's reply decides when there is one (nodemailer reports a refused DATA as EMESSAGE with the
  // reply's code: 451 asks us to come back, 550 refuses); without one, a refused envelope is permanent.
  const permanent =
    typeof e.responseCode === 'number'
      ? e.responseCode >= 500
      : e.code !== undefined && PERMANENT_CODES.has(e.code);
  const detail = e.responseCode ? `SMTP ${e.responseCode}` : (e.code ?? 'error');
  return { ok: false, permanent, error: `${detail}: ${(e.message ?? String(err)).slice(0, 300)}` };
}
