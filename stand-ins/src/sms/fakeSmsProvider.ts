import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { httpBase } from '../address.js';
import { readBody } from '../readBody.js';
import { twilioSignature } from './twilioSignature.js';

/** A message or call the fake provider accepted. */
export interface FakeProviderMessage {
  sid: string;
  kind: 'sms' | 'voice';
  to: string;
  from: string;
  /** The SMS text, or the call's script (TwiML). */
  body: string;
  /** Our outbox id (the x-emberwatch-message-id header), when sent: the same on a retry. */
  messageId: string | null;
  acceptedAt: number;
}

export interface FakeSmsProvider {
  /** The server's TWILIO_API_URL (its play calls are under /stand-in/ there). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  messages(): FakeProviderMessage[];
  /**
   * Makes each request fail with the given probability: `status` 503 (retried) or 400 with an
   * invalid-number code (permanent). For tests and the delivery harness.
   */
  setFaults(rate: number, status?: 503 | 400): void;
  /** A person answers an SMS: the provider posts it, signed, to the inbound URL (as Twilio does). */
  reply(from: string, body: string, inboundUrl: string): Promise<number>;
  /** A person presses keys in a call: the provider posts them, signed, to the call's Gather action. */
  pressKeys(callSid: string, digits: string): Promise<number>;
  close(): Promise<void>;
}

const KEEP = 5000;

/** A JSON object body of a play call, or an empty one. */
function jsonOf(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Posts a signed form to our own callback, as the provider would. */
async function postSigned(url: string, params: Record<string, string>, authToken: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * The local stand-in for the SMS and voice provider (issue 12 item 2): an HTTP server on this machine
 * that answers Twilio's Messages.json and Calls.json as Twilio documents them (basic auth, form body,
 * a JSON answer with the sid, error bodies with a code), and can play the person at the other end —
 * an SMS reply or a key pressed — by calling our callbacks with Twilio's signature. `npm start`,
 * `npm run dev` and the tests run it when no provider is configured and give the server its address
 * and account as TWILIO_API_URL, TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (decision 0086); nothing
 * leaves the machine.
 *
 * Beside Twilio's API, with the same basic auth, the play calls the server's admin Outbox uses when
 * STAND_INS names `sms` (Twilio has no such calls; a real phone plays these parts):
 *
 *   GET  /stand-in/messages?kind=sms&to=+358…&limit=20   what it accepted, newest first
 *   POST /stand-in/replies       {"from", "body", "url"}   a person answers an SMS (posted to url)
 *   POST /stand-in/calls/<sid>/keys   {"digits"}           the person in a call presses keys
 *
 * Each play answers {"status": <the HTTP status our callback answered>}.
 */
export async function startFakeSmsProvider(
  options: { port?: number; host?: string } = {},
): Promise<FakeSmsProvider> {
  const { port = 0, host = '127.0.0.1' } = options;
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const accepted: FakeProviderMessage[] = [];
  let faults = { rate: 0, status: 503 as 503 | 400 };
  let n = 0;

  const reply = (from: string, body: string, inboundUrl: string) => {
    const to = accepted.filter((a) => a.to === from && a.kind === 'sms').at(-1)?.from ?? '';
    return postSigned(
      inboundUrl,
      {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: accountSid,
        From: from,
        To: to,
        Body: body,
      },
      authToken,
    );
  };
  const pressKeys = (callSid: string, digits: string) => {
    const call = accepted.find((a) => a.sid === callSid && a.kind === 'voice');
    const action = call && /action="([^"]+)"/.exec(call.body)?.[1]?.replace(/&amp;/g, '&');
    if (!call || !action) return Promise.resolve(404);
    return postSigned(
      action,
      { CallSid: callSid, AccountSid: accountSid, From: call.to, To: call.from, Digits: digits },
      authToken,
    );
  };

  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname.startsWith('/stand-in/')) {
        if (auth !== `${accountSid}:${authToken}`)
          return answer(401, { code: 20003, message: 'Authenticate' });
        const raw = await readBody(req);
        if (req.method === 'GET' && url.pathname === '/stand-in/messages') {
          const kind = url.searchParams.get('kind');
          const to = url.searchParams.get('to');
          const limit = Number(url.searchParams.get('limit') ?? KEEP);
          const messages = accepted
            .filter((a) => (kind === null || a.kind === kind) && (to === null || a.to === to))
            .reverse()
            .slice(0, Number.isInteger(limit) && limit > 0 ? limit : KEEP);
          return answer(200, { messages });
        }
        if (req.method === 'POST' && url.pathname === '/stand-in/replies') {
          const b = jsonOf(raw);
          if (typeof b.from !== 'string' || typeof b.body !== 'string' || typeof b.url !== 'string')
            return answer(400, { code: 21600, message: 'from, body and url are required.' });
          return answer(200, { status: await reply(b.from, b.body, b.url) });
        }
        const keys = /^\/stand-in\/calls\/([^/]+)\/keys$/.exec(url.pathname);
        if (req.method === 'POST' && keys) {
          const b = jsonOf(raw);
          const status = await pressKeys(
            decodeURIComponent(keys[1]!),
            typeof b.digits === 'string' ? b.digits : '',
          );
          return status === 404
            ? answer(404, { code: 20404, message: 'No call the stand-in placed has this sid.' })
            : answer(200, { status });
        }
        return answer(404, { code: 20404, message: 'The requested resource was not found' });
      }
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(url.pathname);
      if (req.method !== 'POST' || !m)
        return answer(404, { code: 20404, message: 'The requested resource was not found' });
      if (m[1] !== accountSid || auth !== `${accountSid}:${authToken}`)
        return answer(401, { code: 20003, message: 'Authenticate' });
      const form = new URLSearchParams(await readBody(req));
      if (faults.rate > 0 && Math.random() < faults.rate)
        return faults.status === 400
          ? answer(400, { code: 21211, message: "The 'To' number is not a valid phone number." })
          : answer(503, { code: 20503, message: 'Service unavailable' });
      const to = form.get('To') ?? '';
      if (!/^\+\d{8,15}$/.test(to))
        return answer(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` });
      const kind = m[2] === 'Messages' ? 'sms' : 'voice';
      const sid = `${kind === 'sms' ? 'SM' : 'CA'}${(++n).toString(16).padStart(8, '0')}${randomBytes(12).toString('hex')}`;
      accepted.push({
        sid,
        kind,
        to,
        from: form.get('From') ?? '',
        body: (kind === 'sms' ? form.get('Body') : form.get('Twiml')) ?? '',
        messageId:
          typeof req.headers['x-emberwatch-message-id'] === 'string'
            ? req.headers['x-emberwatch-message-id']
            : null,
        acceptedAt: Date.now(),
      });
      if (accepted.length > KEEP) accepted.splice(0, accepted.length - KEEP);
      answer(201, { sid, status: 'queued', to });
    })().catch(() => answer(500, { code: 20500, message: 'Internal error' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    apiUrl: httpBase(server, host, port),
    accountSid,
    authToken,
    messages: () => [...accepted],
    setFaults: (rate, status = 503) => {
      faults = { rate, status };
    },
    reply,
    pressKeys,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
