import { sentinelAlertPayloadSchema, type SentinelWebhookBody } from '@emberwatch/shared/contracts/sentinel';
import type { SentinelRepository } from './sentinel.repository.js';
import { postToSentinel, type SentinelSenderOptions } from './sentinelSender.js';

/**
 * The fields of the delivery feature's OutgoingMessage this channel reads (its ChannelAdapter
 * interface, features/delivery/channels/ChannelAdapter.ts): written out rather than imported, so the
 * channel depends on no other feature's inside; the compiler checks the class against the interface
 * where the delivery feature takes its adapters (and test/sentinelChannel.test.ts does too).
 */
export interface SentinelOutgoingMessage {
  /** The outbox row's id: the body's deliveryId, the same on every retry. */
  id: number;
  /** The target's URL (sentinelTargetOf(ownerId).url). */
  to: string;
  /** The alert in words, in the owner's language. */
  text: string;
  /** A SentinelAlertPayload (packages/shared/src/contracts/sentinel.ts). */
  payload?: Record<string, unknown>;
}

export type SentinelSendOutcome =
  { ok: true; providerId?: string } | { ok: false; permanent: boolean; error: string };

/**
 * Sends one alert message to an account's Sentinel target, signed with the account's current secret
 * (read at send time, so a rotation or a removed target is honoured by a message written before it).
 * 2xx is delivered; a refused target (SSRF guard), a redirect or a 4xx is permanent — the receiver
 * refuses this message, and sending it again will not change that — except 408 and 429, which ask
 * us to come back later; a 5xx, a timeout (5 s) or a network failure is retried.
 */
export class SentinelChannel {
  readonly channel = 'sentinel' as const;

  constructor(
    private readonly deps: {
      targets: Pick<SentinelRepository, 'findByTarget'>;
      /** The guard's SENTINEL_ALLOW_PRIVATE (config), the clock, the timeout. */
      sender: SentinelSenderOptions;
    },
  ) {}

  async send(message: SentinelOutgoingMessage): Promise<SentinelSendOutcome> {
    const parsed = sentinelAlertPayloadSchema.safeParse(message.payload);
    if (!parsed.success)
      return {
        ok: false,
        permanent: true,
        error: `invalid Sentinel payload: ${parsed.error.issues[0]?.message ?? ''}`,
      };
    const payload = parsed.data;
    const target = await this.deps.targets.findByTarget(payload.siteID, message.to);
    if (!target)
      return { ok: false, permanent: true, error: 'the account no longer has this Sentinel target' };
    const body: SentinelWebhookBody = {
      version: 1,
      deliveryId: String(message.id),
      ...payload,
      text: message.text,
    };
    const result = await postToSentinel(target.url, body, target.secret, this.deps.sender);
    if (result.ok) return { ok: true };
    const status = result.httpStatus ?? 0;
    const permanent =
      result.failure === 'refused' ||
      (result.failure === 'http' && status >= 300 && status < 500 && status !== 408 && status !== 429);
    return { ok: false, permanent, error: result.error };
  }
}
