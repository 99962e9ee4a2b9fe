import type { PushNotificationPayload } from '@emberwatch/shared/contracts/push';
import type { PushRepository } from './push.repository.js';
import { sendPush, type PushFetch, type PushSendOptions, type VapidDetails } from './pushSender.js';

/** What sending one message to every device of a user came to. */
export interface DevicesOutcome {
  /** The user's devices when the send began. */
  devices: number;
  sent: number;
  /** Devices the push service no longer knows: removed from the store. */
  removed: number;
  /** Devices to try again later (408, 429, 5xx, network). */
  retry: number;
  /** Devices that refused this message for good (another 4xx). */
  refused: number;
  /** Why devices failed, in English, without their endpoints. */
  errors: string[];
}

export interface PushDevicesDeps {
  repo: Pick<PushRepository, 'forUser' | 'remove' | 'recordSuccess' | 'recordFailure'>;
  /** The server's VAPID identity (loaded at start). */
  vapid: () => VapidDetails;
  nowS: () => number;
  transport?: PushFetch;
}

/**
 * Sends one notification to every device of a user, side by side, and keeps the store true to what
 * the push services said: a device they no longer know is removed, the others remember their last
 * success or failure (decision 0048).
 */
export async function sendToDevices(
  deps: PushDevicesDeps,
  userId: number,
  payload: PushNotificationPayload,
  options: PushSendOptions,
): Promise<DevicesOutcome> {
  const subs = await deps.repo.forUser(userId);
  const out: DevicesOutcome = {
    devices: subs.length,
    sent: 0,
    removed: 0,
    retry: 0,
    refused: 0,
    errors: [],
  };
  if (subs.length === 0) return out;
  const vapid = deps.vapid();
  await Promise.all(
    subs.map(async (s) => {
      const r = await sendPush(s, payload, vapid, options, deps.transport);
      const now = deps.nowS();
      if (r.status === 'ok') {
        out.sent += 1;
        await deps.repo.recordSuccess(s.id, now);
        return;
      }
      out.errors.push(r.error);
      if (r.status === 'gone') {
        out.removed += 1;
        await deps.repo.remove(s.id);
      } else {
        if (r.status === 'retry') out.retry += 1;
        else out.refused += 1;
        await deps.repo.recordFailure(s.id, r.error, now);
      }
    }),
  );
  return out;
}
