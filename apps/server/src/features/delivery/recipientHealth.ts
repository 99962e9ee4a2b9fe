import type { RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';

/** One finished message as recipient health reads it: sent, or failed for good. */
export interface MessageOutcome {
  id: number;
  channel: AlertChannel;
  address: string;
  recipientUserId: number | null;
  recipientName: string;
  status: 'sent' | 'failed';
  /** When the outcome was recorded: the send, or the failure that ended the message (epoch s). */
  ts: number;
  error: string | null;
}

/** The key of a recipient's health: one channel to one address. */
export const healthKey = (channel: string, address: string) => `${channel} ${address}`;

/**
 * Which recipients fail now (decision 0070), from the outcomes of their messages: per channel and
 * address, the outcomes in the order they were recorded; if the latest is a failure, the recipient is
 * failing since the first failure after the last send, with the latest failure's error. A message sent
 * later ends it (recovered). Messages still pending, sending or capped say nothing either way — a
 * message being retried has not failed for good. Order of the result: the longest failing first.
 * Pure: the repository hands it the outcomes (only the last send per key is needed).
 */
export function recipientHealth(outcomes: readonly MessageOutcome[]): RecipientHealth[] {
  const byKey = new Map<string, MessageOutcome[]>();
  for (const o of outcomes) {
    const k = healthKey(o.channel, o.address);
    byKey.set(k, [...(byKey.get(k) ?? []), o]);
  }
  const failing: RecipientHealth[] = [];
  for (const list of byKey.values()) {
    // Recorded order; the id breaks a tie (two outcomes in one second).
    const sorted = [...list].sort((a, b) => a.ts - b.ts || a.id - b.id);
    const lastSent = sorted.findLastIndex((o) => o.status === 'sent');
    const run = sorted.slice(lastSent + 1);
    if (run.length === 0) continue;
    const first = run[0]!;
    const last = run[run.length - 1]!;
    failing.push({
      channel: last.channel,
      address: last.address,
      // The newest message says who the address belongs to now.
      recipientUserId: last.recipientUserId,
      recipientName: last.recipientName,
      failingSince: first.ts,
      lastFailedTs: last.ts,
      lastError: last.error ?? '',
      failed: run.length,
    });
  }
  return failing.sort(
    (a, b) =>
      a.failingSince - b.failingSince ||
      healthKey(a.channel, a.address).localeCompare(healthKey(b.channel, b.address)),
  );
}
