/** A message the SMS and voice stand-in accepted, as its play call lists it. */
export interface StandInMessage {
  kind: 'sms' | 'voice';
  to: string;
  from: string;
  body: string;
  acceptedAt: number;
}

/**
 * The SMS and voice stand-in's play calls (decision 0086), over HTTP at the provider address the server
 * is configured with (TWILIO_API_URL) and with the same account: a real provider has none of them — a
 * phone plays these parts — so the server uses them only when STAND_INS names `sms`. The stand-in runs
 * outside the server (the stand-ins workspace); nothing of it is imported here.
 */
export class StandInPlay {
  constructor(
    private readonly provider: { apiUrl: string; accountSid: string; authToken: string },
    private readonly timeoutMs = 15_000,
  ) {}

  /** A person answers an SMS: the stand-in posts the reply, signed, to `inboundUrl`; its status comes back. */
  async reply(from: string, body: string, inboundUrl: string): Promise<number> {
    const res = await this.call('POST', '/stand-in/replies', { from, body, url: inboundUrl });
    return ((await res.json()) as { status: number }).status;
  }

  /** The person in a call presses keys; 404 when the stand-in placed no such call. */
  async pressKeys(callSid: string, digits: string): Promise<number> {
    const res = await this.call('POST', `/stand-in/calls/${encodeURIComponent(callSid)}/keys`, { digits });
    if (res.status === 404) return 404;
    return ((await res.json()) as { status: number }).status;
  }

  /** The SMS it accepted, newest first (to one number when asked). */
  async messages(q: { to?: string; limit: number }): Promise<StandInMessage[]> {
    const params = new URLSearchParams({ kind: 'sms', limit: String(q.limit) });
    if (q.to !== undefined) params.set('to', q.to);
    const res = await this.call('GET', `/stand-in/messages?${params.toString()}`);
    return ((await res.json()) as { messages: StandInMessage[] }).messages;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<Response> {
    const p = this.provider;
    const res = await fetch(`${p.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${p.accountSid}:${p.authToken}`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok && res.status !== 404)
      throw new Error(`the SMS stand-in answered ${method} ${path} with HTTP ${res.status}`);
    return res;
  }
}
