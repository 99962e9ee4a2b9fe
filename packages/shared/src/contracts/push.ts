import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';

/**
 * Web push (issue 12 item 2, beyond the spec; decision 0048): a user turns on alerts on a phone or
 * computer, the browser hands the server a push subscription (RFC 8030 endpoint, RFC 8291 keys), and
 * the server sends each alert to every device of its recipients through the browser's push service,
 * signed with the server's VAPID key (RFC 8292), so the alert shows even with the tab closed.
 * Every call is about the logged-in user's own devices only.
 */

/** The longest push-service URL we keep (FCM, Mozilla, Apple and WNS endpoints are far shorter). */
export const PUSH_ENDPOINT_MAX = 2048;
/** How many devices one user may have; a new one beyond this replaces the least recently used. */
export const PUSH_DEVICES_MAX = 20;
/** The longest device label ("Chrome on Android"). */
export const PUSH_LABEL_MAX = 100;
/** A test notification at most this often per user, seconds. */
export const PUSH_TEST_INTERVAL_S = 10;

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const LOCAL_NAMES = /(?:^|\.)(?:localhost|local|internal|localdomain|home|lan|intranet|corp)$/i;

/**
 * Why a URL cannot be a browser's push endpoint, or null when it can be. Push services are public
 * HTTPS hosts named by DNS; anything else (plain http, an IP address, a name of the local network,
 * credentials in the URL) is refused, so a subscription cannot turn the server's sends into requests
 * to the operator's own network (the server POSTs to the endpoint).
 */
export function pushEndpointProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL.';
  if (url.username || url.password) return 'The push endpoint may not contain credentials.';
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host) || !host.includes('.') || LOCAL_NAMES.test(host))
    return 'The push endpoint must be a public push service.';
  return null;
}

/** A base64url text (padding tolerated), as the browser's PushSubscription.toJSON() writes its keys. */
const base64url = (name: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${name} is too short`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} is not base64url`);

/** The browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(PUSH_ENDPOINT_MAX)
    .superRefine((v, ctx) => {
      const problem = pushEndpointProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe("The push service's URL for this browser (https)."),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 public key: 65 bytes, 87 base64url characters.
    p256dh: base64url('keys.p256dh', 86, 88).describe("The browser's ECDH public key (RFC 8291)."),
    // The authentication secret: 16 bytes, 22 base64url characters.
    auth: base64url('keys.auth', 22, 24).describe('The authentication secret (RFC 8291).'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const getPushKeyResponseSchema = z.object({
  status_code: z.literal(0),
  /** The server's VAPID public key (base64url), the browser's applicationServerKey. */
  publicKey: z.string(),
});
export type GetPushKeyResponse = z.infer<typeof getPushKeyResponseSchema>;

export const subscribePushRequestSchema = z.strictObject({
  subscription: pushSubscriptionSchema,
  label: z
    .string()
    .trim()
    .max(PUSH_LABEL_MAX)
    .refine(
      (s) => [...s].every((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127),
      'The label may not contain control characters',
    )
    .default('')
    .describe('What the user calls this device, e.g. "Chrome on Android".'),
});
export type SubscribePushRequest = z.input<typeof subscribePushRequestSchema>;

/** How many devices get the user's alerts, and whether the asking browser is one of them. */
export const pushStatusResponseSchema = z.object({
  status_code: z.literal(0),
  subscribed: z.boolean(),
  devices: z.int().nonnegative(),
});
export type PushStatusResponse = z.infer<typeof pushStatusResponseSchema>;

export const pushEndpointRequestSchema = z.strictObject({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX).describe("This browser's push endpoint."),
});
export type PushEndpointRequest = z.infer<typeof pushEndpointRequestSchema>;

export const unsubscribePushResponseSchema = z.object({
  status_code: z.literal(0),
  /** Always true: an endpoint that is not one of the caller's devices is refused (404, decision 0073). */
  removed: z.literal(true),
  /**
   * Another user of this server still gets alerts through this browser's subscription (a shared
   * browser): the browser keeps its subscription, or that user's alerts would stop there.
   */
  shared: z.boolean(),
});
export type UnsubscribePushResponse = z.infer<typeof unsubscribePushResponseSchema>;

export const testPushResponseSchema = z.object({
  status_code: z.literal(0),
  /** Devices whose push service took the notification. */
  sent: z.int().nonnegative(),
  /** Devices whose push service refused it or could not be reached. */
  failed: z.int().nonnegative(),
  /** Devices the push service no longer knows (the browser dropped the subscription): removed. */
  removed: z.int().nonnegative(),
});
export type TestPushResponse = z.infer<typeof testPushResponseSchema>;

/**
 * What the service worker receives in a push (apps/web/src-sw/pushHandlers.ts): small enough for every
 * push service (4 kB after encryption). `url` is a path of the web app; `tag` groups one alert's
 * messages, so a repeat or the all-clear replaces the notification already shown. An alert still on
 * carries `alert` (its storage, probe and temperature in the recipient's unit, as in the text) and
 * `ack` (decision 0129): the signed token of POST /client/acknowledgeFromPush and the two actions'
 * labels in the recipient's language.
 */
export interface PushNotificationPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  alert?: { storage: string; probe: string; temperature: string };
  ack?: { token: string; label: string; openLabel: string };
}

export const pushEndpoints = defineEndpoints({
  getPushKey: defineEndpoint({
    method: 'GET',
    path: '/client/getPushKey',
    response: getPushKeyResponseSchema,
    auth: 'user',
    summary: "The server's VAPID public key, for the browser's push subscription.",
  }),
  getPushStatus: defineEndpoint({
    method: 'POST',
    path: '/client/getPushStatus',
    body: pushEndpointRequestSchema,
    response: pushStatusResponseSchema,
    auth: 'user',
    summary: "Whether this browser's push subscription gets the caller's alerts, and on how many devices.",
  }),
  subscribePush: defineEndpoint({
    method: 'POST',
    path: '/client/subscribePush',
    body: subscribePushRequestSchema,
    response: pushStatusResponseSchema,
    auth: 'user',
    summary:
      "Sends the caller's alerts to this browser too (its push subscription and a label); another user's alerts on the same browser carry on.",
  }),
  unsubscribePush: defineEndpoint({
    method: 'POST',
    path: '/client/unsubscribePush',
    body: pushEndpointRequestSchema,
    response: unsubscribePushResponseSchema,
    auth: 'user',
    summary: "Stops the caller's alerts on one of the caller's devices (404 for any other endpoint).",
  }),
  testPush: defineEndpoint({
    method: 'POST',
    path: '/client/testPush',
    body: z.strictObject({}),
    response: testPushResponseSchema,
    auth: 'user',
    summary: "Sends a test notification to each of the caller's devices.",
  }),
});
