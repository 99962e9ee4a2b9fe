import type { PushNotificationPayload } from '@emberwatch/shared/contracts/push';
import webpush from 'web-push';
import { pushPayloadJson } from './pushPayload.js';

/** The server's VAPID identity (RFC 8292): the key pair from the store and VAPID_SUBJECT. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** One browser's subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** How long the push service keeps the message for a device that is off, seconds. */
  ttlS: number;
  /** RFC 8030 urgency: "high" wakes a sleeping phone at once. */
  urgency: 'high' | 'normal';
  /** RFC 8030 topic: a newer message with the same topic replaces one still waiting for the device. */
  topic?: string;
}

/**
 * What one device's push service made of a message:
 * - ok: accepted (201);
 * - gone: the subscription no longer exists (404, 410): the browser dropped it;
 * - retry: try later (408, 429, 5xx, a timeout, a network failure);
 * - refused: this message will never be taken (another 4xx: a key that does not match, too large…).
 */
export type PushDeviceResult = { status: 'ok' } | { status: 'gone' | 'retry' | 'refused'; error: string };

/** How long one push service may take to answer. Far below the outbox's claim lease (120 s). */
export const PUSH_TIMEOUT_MS = 10_000;

/** The transport, replaceable in tests; the real one is fetch. */
export type PushFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Encrypts the payload for the browser (RFC 8291, aes128gcm) and signs the request with the VAPID key,
 * both with the web-push package, then POSTs it with fetch: web-push's own sender speaks only https
 * through Node's https module, while fetch gives one timeout for the whole exchange and refuses
 * redirects. The endpoint's host may appear in an error; the endpoint itself (a capability) never.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushNotificationPayload,
  vapid: VapidDetails,
  options: PushSendOptions,
  transport: PushFetch = fetch,
): Promise<PushDeviceResult> {
  let host = 'the push service';
  try {
    host = new URL(target.endpoint).host;
  } catch {
    return { status: 'refused', error: 'the subscription has no valid endpoint' };
  }
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      pushPayloadJson(payload),
      {
        vapidDetails: vapid,
        TTL: options.ttlS,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        ...(options.topic ? { topic: options.topic } : {}),
      },
    );
  } catch (err) {
    // Keys the browser gave us that do not make a valid encryption: this device can never be reached.
    return { status: 'refused', error: `cannot encrypt for this device: ${(err as Error).message}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  let res: Response;
  try {
    res = await transport(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (err) {
    const e = err as Error;
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    return {
      status: 'retry',
      error: timedOut ? `${host} did not answer within ${PUSH_TIMEOUT_MS / 1000} s` : `${host} unreachable`,
    };
  }
  await res.body?.cancel().catch(() => undefined);
  const status = res.status;
  if (status >= 200 && status < 300) return { status: 'ok' };
  const error = `${host} answered HTTP ${status}`;
  if (status === 404 || status === 410) return { status: 'gone', error };
  if (status === 408 || status === 429 || status >= 500) return { status: 'retry', error };
  return { status: 'refused', error };
}
