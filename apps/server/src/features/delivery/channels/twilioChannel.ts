import type { ChannelAdapter, OutgoingMessage, SendOutcome } from './ChannelAdapter.js';

export interface TwilioSettings {
  /** https://api.twilio.com, or the local fake's address. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The web app's public address: where the provider posts the key pressed in a call. */
  publicUrl: string;
}

/** The text-to-speech language of a call, by the recipient's language (Twilio <Say language>). */
const SAY_LANGUAGE: Record<string, string> = {
  en: 'en-GB',
  fr: 'fr-FR',
  de: 'de-DE',
  fi: 'fi-FI',
  hr: 'hr-HR',
  it: 'it-IT',
  nl: 'nl-NL',
  es: 'es-ES',
};

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The call's script: read the alert, wait for one key (1 acknowledges), read it once more if none. */
export function voiceTwiml(m: OutgoingMessage, gatherUrl: string): string {
  const lang = SAY_LANGUAGE[m.language] ?? 'en-GB';
  const say = `<Say language="${lang}">${escapeXml(m.text)}</Say>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Response>` +
    `<Gather numDigits="1" timeout="8" action="${escapeXml(gatherUrl)}" method="POST">${say}</Gather>` +
    `<Gather numDigits="1" timeout="8" action="${escapeXml(gatherUrl)}" method="POST">${say}</Gather>` +
    `</Response>`
  );
}

/** Provider error codes that mean the number itself is wrong (Twilio: invalid/unreachable/unsubscribed). */
const PERMANENT_PROVIDER_CODES = new Set([21211, 21214, 21217, 21408, 21610, 21612, 21614]);

/**
 * SMS and voice through Twilio's documented REST API (issue 12 item 2; decision 0045): one POST per
 * message to Messages.json or Calls.json with HTTP basic auth, form-encoded. `npm start` and the tests
 * point TWILIO_API_URL at the local stand-in (decision 0086), which speaks the same shape. A 4xx answer (an invalid
 * number, a refused request) is permanent; 429, 5xx and network errors are retried.
 */
export class TwilioChannel implements ChannelAdapter {
  constructor(
    readonly channel: 'sms' | 'voice',
    private readonly settings: TwilioSettings,
    private readonly timeoutMs = 15_000,
  ) {}

  async send(m: OutgoingMessage): Promise<SendOutcome> {
    const s = this.settings;
    const form = new URLSearchParams({ To: m.to, From: m.from ?? '' });
    if (this.channel === 'sms') form.set('Body', m.text);
    else form.set('Twiml', voiceTwiml(m, `${s.publicUrl}/delivery/voice/gather?m=${m.id}`));
    const resource = this.channel === 'sms' ? 'Messages.json' : 'Calls.json';
    const url = `${s.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/${resource}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          // Ignored by the provider; lets a stand-in (and the delivery harness) tell a retry from a new message.
          'x-emberwatch-message-id': String(m.id),
        },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return { ok: false, permanent: false, error: `network: ${(err as Error).message}`.slice(0, 300) };
    }
    const body = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
    if (res.ok) return { ok: true, providerId: body.sid };
    const error =
      `HTTP ${res.status}${body.code ? ` (${body.code})` : ''}: ${body.message ?? res.statusText}`.slice(
        0,
        300,
      );
    const permanent =
      (body.code !== undefined && PERMANENT_PROVIDER_CODES.has(body.code)) ||
      (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408);
    return { ok: false, permanent, error };
  }
}
