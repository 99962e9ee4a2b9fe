import { sendToDevices, type PushDevicesDeps } from './pushDevices.js';
import { appPath, pushAlertOf, pushAckOf } from './pushPayload.js';

/**
 * The fields of the delivery feature's OutgoingMessage this channel reads (its ChannelAdapter
 * interface, features/delivery/channels/ChannelAdapter.ts): written out rather than imported, as the
 * Sentinel channel does, so the push feature depends on no other feature's inside; the compiler
 * checks the class against the interface where the delivery feature takes its adapters.
 */
export interface PushOutgoingMessage {
  /** The outbox row's id. */
  id: number;
  /** The recipient's user id, as a string. */
  to: string;
  /** The notification's title. */
  subject: string;
  /** The notification's text. */
  text: string;
  /**
   * { url: '/storages/{id}/probes/{probe}', alertId, kind: 'raise' | 'repeat' | 'clear', alert?: {storage,
   * probe, temperature}, ack?: {token, label, openLabel} } (decision 0129).
   */
  payload?: Record<string, unknown>;
}

export type PushSendOutcome =
  { ok: true; providerId?: string } | { ok: false; permanent: boolean; error: string };

/** How long a push service keeps an alert for a phone that is off: a day, then the repeats carry on. */
export const PUSH_ALERT_TTL_S = 24 * 3600;

/**
 * Sends an alert message to every device of its recipient (decision 0048). Delivered when at least one
 * device's push service took it: the person has it (a device that was away misses this message, and
 * gets the next repeat). When none took it: retried if any device may take it later (429, 5xx, the
 * network), failed for good when the recipient has no device left (the push services dropped them, or
 * push was turned off) or every device refused it.
 */
export class PushChannel {
  readonly channel = 'push' as const;

  constructor(private readonly deps: PushDevicesDeps) {}

  async send(message: PushOutgoingMessage): Promise<PushSendOutcome> {
    const userId = Number(message.to);
    if (!Number.isSafeInteger(userId) || userId <= 0)
      return { ok: false, permanent: true, error: 'a push message is addressed to a user id' };
    const p = message.payload ?? {};
    const alertId = typeof p.alertId === 'number' && Number.isSafeInteger(p.alertId) ? p.alertId : null;
    // One alert, one notification on the device: the repeat and the all-clear replace the first
    // (tag), and one still waiting at the push service is replaced by the newer (topic).
    const tag = alertId === null ? `message-${message.id}` : `alert-${alertId}`;
    const r = await sendToDevices(
      this.deps,
      userId,
      {
        title: message.subject,
        body: message.text,
        url: appPath(p.url),
        tag,
        alert: pushAlertOf(p.alert),
        ack: pushAckOf(p.ack),
      },
      { ttlS: PUSH_ALERT_TTL_S, urgency: p.kind === 'clear' ? 'normal' : 'high', topic: tag },
    );
    if (r.devices === 0)
      return { ok: false, permanent: true, error: 'the recipient has no device with push on' };
    if (r.sent > 0) return { ok: true };
    const why = [...new Set(r.errors)].join('; ').slice(0, 300);
    if (r.retry > 0) return { ok: false, permanent: false, error: why };
    if (r.removed === r.devices)
      return {
        ok: false,
        permanent: true,
        error: `the recipient has no device with push left (${why})`.slice(0, 300),
      };
    return { ok: false, permanent: true, error: why };
  }
}
