import { createHmac } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature), as Twilio signs its callbacks: base64 HMAC-SHA1,
 * keyed by the account's auth token, of the full URL called followed by every POST parameter, sorted
 * by name, as name + value. The server checks it with its own copy of the scheme (it must not import
 * this workspace), so a change on one side shows as refused callbacks in the tests.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}
