import type { PushNotificationPayload } from '@emberwatch/shared/contracts/push';

/**
 * The largest payload we send, in bytes of JSON. Push services take 4096 bytes of encrypted message;
 * RFC 8291's aes128gcm adds 86 bytes of header, a 16-byte tag and a padding byte, so ~3.9 kB is the
 * real limit. We stay well under it, whatever the language (an "ä" is two bytes, a "€" three).
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
const TITLE_MAX = 120;
const URL_MAX = 512;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** A path of the web app ("/storages/3/probes/H1"); anything else (another site, "//host") opens "/". */
export function appPath(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) && url.length <= URL_MAX ? url : '/';
}

const strings = <K extends string>(v: unknown, keys: readonly K[]): Record<K, string> | undefined => {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  return keys.every((k) => typeof o[k] === 'string' && o[k].length <= 200)
    ? (Object.fromEntries(keys.map((k) => [k, o[k]])) as Record<K, string>)
    : undefined;
};

/** The alert's storage, probe and temperature (as the outbox message's payload has them), if whole. */
export const pushAlertOf = (v: unknown) => strings(v, ['storage', 'probe', 'temperature'] as const);

/** The acknowledgement's token and the actions' labels (decision 0129), if whole. */
export const pushAckOf = (v: unknown) => strings(v, ['token', 'label', 'openLabel'] as const);

/** Cuts a text to at most `max` characters, whole code points, with "…" when cut. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The notification as the service worker receives it (JSON), cut to fit PUSH_PAYLOAD_MAX_BYTES: the
 * title to 120 characters, then the body as far as needed. The URL, the alert's facts and the
 * acknowledgement (each at most 200 characters a field) stay whole.
 */
export function pushPayloadJson(p: PushNotificationPayload): string {
  const payload: PushNotificationPayload = {
    title: cut(p.title, TITLE_MAX),
    body: p.body,
    url: appPath(p.url),
    tag: p.tag.slice(0, 64),
    ...(p.alert ? { alert: p.alert } : {}),
    ...(p.ack ? { ack: p.ack } : {}),
  };
  let json = JSON.stringify(payload);
  if (bytes(json) <= PUSH_PAYLOAD_MAX_BYTES) return json;
  let chars = [...payload.body];
  // Each round removes at least the excess in characters (a character is at least one byte of JSON).
  while (bytes(json) > PUSH_PAYLOAD_MAX_BYTES && chars.length > 0) {
    const excess = bytes(json) - PUSH_PAYLOAD_MAX_BYTES;
    chars = chars.slice(0, Math.max(0, chars.length - Math.max(excess, 1) - 1));
    json = JSON.stringify({ ...payload, body: `${chars.join('')}…` });
  }
  return json;
}
