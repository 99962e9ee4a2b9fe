import type { AccountRepository } from './account.repository.js';
import type { CodePurpose } from './account.tables.js';

/** A code (or a username) on its way to a person's phone, or (a password code) to their e-mail. */
export interface CodeMessage {
  userId: number | null;
  /** The phone number, as stored (normalizePhone), or the e-mail address when channel is 'email'. */
  to: string;
  /** SMS unless said (a password code goes by e-mail to an account without a confirmed phone). */
  channel?: 'sms' | 'email';
  /** The e-mail's subject. */
  subject?: string;
  purpose: CodePurpose;
  /** The whole text, in the recipient's language as far as the sender knows it. */
  text: string;
}

/**
 * How the account feature reaches a phone. The SMS channel is being built by the delivery feature;
 * until it is mounted, the default below stands in for it. Switching is one line in this feature's
 * index.ts (decision 0036).
 */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

/**
 * The stand-in: "sends" by recording the text in account_code_outbox, where the tests read it and an
 * admin reads it through GET /admin/getSMSData (the demo's way to see the code). Nothing leaves the
 * server and nothing is logged.
 */
export class RecordingCodeSender implements CodeSender {
  constructor(
    private readonly repo: Pick<AccountRepository, 'recordSent'>,
    private readonly nowS: () => number,
  ) {}

  async send(m: CodeMessage): Promise<void> {
    await this.repo.recordSent({
      user_id: m.userId,
      recipient: m.to,
      purpose: m.purpose,
      text: m.text,
      created_ts: this.nowS(),
    });
  }
}
