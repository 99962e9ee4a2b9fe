import type { AlertChannel } from '@emberwatch/shared';
import type { ChannelAdapter, OutgoingMessage } from './channels/ChannelAdapter.js';
import type { DeliveryMessageRow, DeliveryRepository } from './delivery.repository.js';
import { verdictOf } from './retryPolicy.js';

/** How long a claim holds: longer than any channel's timeouts, so a live worker never loses its claim. */
export const CLAIM_LEASE_S = 120;

/**
 * Sends what the outbox holds (issue 12 item 1): claims due messages, sends each through its channel,
 * and records the outcome — sent, tried again later with back-off, or failed for good. A worker killed
 * between sending and recording leaves its claim to run out; the message is then sent again (at most
 * one duplicate per crash, never a loss).
 */
export class DeliveryWorker {
  /** Told of each message once it is recorded as failed for good (decision 0070: the owner is told). */
  onFailedForGood?: (message: DeliveryMessageRow) => Promise<void>;

  constructor(
    private readonly repo: DeliveryRepository,
    private readonly adapters: () => Partial<Record<AlertChannel, ChannelAdapter>>,
    private readonly nowS: () => number,
    private readonly retryBaseS: number,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * One round: up to `batch` messages, one at a time — each claimed, sent and its outcome recorded
   * before the next is claimed. One message in flight per process is what bounds a crash to one
   * duplicate: a message the provider took but whose outcome was not yet recorded is the only one sent
   * again (several instances on PostgreSQL send side by side, one each). Returns how many it sent.
   */
  async runOnce(batch = 20): Promise<number> {
    let done = 0;
    for (; done < batch; done++) {
      const [m] = await this.repo.claim(this.nowS(), 1, CLAIM_LEASE_S);
      if (!m) break;
      await this.deliver(m);
    }
    return done;
  }

  private async deliver(m: DeliveryMessageRow): Promise<void> {
    const adapter = this.adapters()[m.channel as AlertChannel];
    const outcome = adapter
      ? await adapter.send(outgoing(m)).catch((err: unknown) => ({
          ok: false as const,
          permanent: false,
          error: `error: ${(err as Error).message ?? String(err)}`.slice(0, 300),
        }))
      : { ok: false as const, permanent: true, error: `No ${m.channel} sender is configured.` };
    const verdict = verdictOf(outcome, m.attempts, this.random(), this.retryBaseS);
    const now = this.nowS();
    if (verdict.status === 'sent')
      await this.repo.finish(m.id, m.attempts, { status: 'sent', providerId: verdict.providerId }, now);
    else if (verdict.status === 'pending')
      await this.repo.finish(
        m.id,
        m.attempts,
        { status: 'pending', error: verdict.error, retryAtTs: now + verdict.retryInS },
        now,
      );
    else {
      await this.repo.finish(m.id, m.attempts, { status: 'failed', error: verdict.error }, now);
      await this.onFailedForGood?.({
        ...m,
        status: 'failed',
        last_error: verdict.error,
        next_attempt_ts: now,
      });
    }
  }
}

export function outgoing(m: DeliveryMessageRow): OutgoingMessage {
  return {
    id: m.id,
    channel: m.channel as AlertChannel,
    to: m.address,
    from: m.sender ?? undefined,
    subject: m.subject,
    text: m.body,
    html: m.html ?? undefined,
    language: m.language,
    payload: m.payload ? (JSON.parse(m.payload) as Record<string, unknown>) : undefined,
  };
}
