import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { httpBase } from '../address.js';
import { readBody } from '../readBody.js';

/** The operator's states (a Telia-like management API's words). */
export const OPERATOR_SIM_STATES = ['ACTIVE', 'PAUSED', 'DEACTIVATED', 'TERMINATED'] as const;
export type OperatorSimState = (typeof OPERATOR_SIM_STATES)[number];

/** A SIM as the operator's API shows it. */
export interface OperatorSim {
  iccid: string;
  msisdn: string;
  imsi: string;
  state: OperatorSimState;
  /** ISO 8601. */
  stateChangedAt: string;
  /** ISO 8601, or null: no end date. */
  expiresAt: string | null;
}

export interface FakeSimOperator {
  /** The server's SIM_OPERATOR_API_URL. */
  apiUrl: string;
  /** The server's SIM_OPERATOR_API_KEY (a bearer token). */
  apiKey: string;
  /** The server's SIM_OPERATOR_CALLBACK_SECRET: sent with every callback as X-Callback-Secret. */
  callbackSecret: string;
  sims(): OperatorSim[];
  /** Cards on the account at the operator (a new delivery of SIMs). */
  addSims(sims: readonly (Partial<OperatorSim> & { iccid: string })[]): void;
  /**
   * The operator changes a SIM's state by itself (its portal, a fraud stop, the end of a contract)
   * and tells the server: resolves to the HTTP status the callback got (0: no callback URL).
   */
  changeState(iccid: string, state: OperatorSimState, secret?: string): Promise<number>;
  /** Where the callbacks go (the server's /telia/API); null: nowhere. */
  setCallbackUrl(url: string | null): void;
  /**
   * Makes each API request fail with the given probability (1: every one): 503 (down) or 500. For
   * tests of what the server does when the operator fails.
   */
  setFaults(rate: number, status?: 503 | 500): void;
  close(): Promise<void>;
}

/** An ICCID with its Luhn check digit appended (the stand-in's own cards are real-looking). */
export function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The cards the stand-in starts with: ten, on a Finnish operator's ICCID range (89358…). */
export function standInSims(nowMs: number): OperatorSim[] {
  return Array.from({ length: 10 }, (_, i) => ({
    iccid: withCheckDigit(`893580100000000${String(i + 1).padStart(3, '0')}`),
    msisdn: `35840${String(7000000 + i)}`,
    imsi: `24491${String(1000000000 + i)}`,
    state: i === 8 ? 'PAUSED' : i === 9 ? 'DEACTIVATED' : 'ACTIVE',
    stateChangedAt: new Date(nowMs - (30 - i) * 86_400_000).toISOString(),
    expiresAt: new Date(nowMs + (i + 1) * 20 * 86_400_000).toISOString(),
  }));
}

function csvOf(sims: readonly OperatorSim[]): string {
  const lines = ['ICCID;MSISDN;IMSI;State;StateChanged;Expires'];
  for (const s of sims)
    lines.push([s.iccid, s.msisdn, s.imsi, s.state, s.stateChangedAt, s.expiresAt ?? ''].join(';'));
  return `${lines.join('\n')}\n`;
}

function jsonOf(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The local stand-in for the SIM operator's management API (issue 30 item 6, decision 0092), a
 * Telia-like REST API on this machine: bearer-token auth, JSON, the operator's states. It keeps its
 * cards' state in memory, refuses what the operator refuses (a terminated card stays terminated), can
 * be made to fail, and posts state changes it makes by itself to the server's /telia/API with the
 * shared secret. `npm start`, `npm run dev` and the tests run it when SIM_OPERATOR_API_URL is unset.
 *
 *   GET  /v1/sims?iccid=a,b&state=ACTIVE   {"sims": […]}
 *   GET  /v1/sims/<iccid>                  one card, or 404
 *   PUT  /v1/sims/<iccid>/state            {"state": "PAUSED"}  → the card (409 from TERMINATED)
 *   PUT  /v1/sims/<iccid>/expiry           {"expiresAt": "2027-01-01T00:00:00Z" | null} → the card
 *   GET  /v1/export.csv                    the portal's CSV export (what the console imports)
 *
 * Its play calls, same auth: POST /stand-in/sims {"sims": [{"iccid", …}]} adds cards; POST
 * /stand-in/sims/<iccid>/state {"state"} changes one as the operator would and calls back, answering
 * {"status": <the callback's HTTP status>}; POST /stand-in/faults {"rate", "status"}.
 */
export async function startFakeSimOperator(
  options: { port?: number; host?: string; callbackUrl?: string | null } = {},
): Promise<FakeSimOperator> {
  const { port = 0, host = '127.0.0.1' } = options;
  const apiKey = `sk_sim_${randomBytes(16).toString('hex')}`;
  const callbackSecret = randomBytes(24).toString('hex');
  const cards = new Map<string, OperatorSim>(standInSims(Date.now()).map((s) => [s.iccid, s]));
  let callbackUrl = options.callbackUrl ?? null;
  let faults = { rate: 0, status: 503 as 503 | 500 };

  const addSims: FakeSimOperator['addSims'] = (sims) => {
    for (const s of sims)
      cards.set(s.iccid, {
        msisdn: '',
        imsi: '',
        state: 'ACTIVE',
        stateChangedAt: new Date().toISOString(),
        expiresAt: null,
        ...s,
      });
  };
  const changeState: FakeSimOperator['changeState'] = async (iccid, state, secret = callbackSecret) => {
    const card = cards.get(iccid);
    if (!card) throw new Error(`the stand-in has no SIM ${iccid}`);
    card.state = state;
    card.stateChangedAt = new Date().toISOString();
    if (!callbackUrl) return 0;
    const res = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-secret': secret },
      body: JSON.stringify({ iccid, state, changedAt: card.stateChangedAt }),
    });
    await res.arrayBuffer();
    return res.status;
  };

  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: object | string) => {
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/csv; charset=utf-8' : 'application/json',
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    void (async () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return answer(401, { code: 'UNAUTHORIZED', message: 'Invalid or missing API key.' });
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = jsonOf(await readBody(req));
      const path = url.pathname;
      if (path.startsWith('/stand-in/')) {
        if (req.method === 'POST' && path === '/stand-in/sims') {
          if (!Array.isArray(body.sims))
            return answer(400, { code: 'BAD_REQUEST', message: 'sims is a list.' });
          addSims(body.sims as OperatorSim[]);
          return answer(200, { sims: cards.size });
        }
        if (req.method === 'POST' && path === '/stand-in/faults') {
          faults = { rate: Number(body.rate) || 0, status: body.status === 500 ? 500 : 503 };
          return answer(200, faults);
        }
        const play = /^\/stand-in\/sims\/(\d+)\/state$/.exec(path);
        if (req.method === 'POST' && play) {
          const state = String(body.state) as OperatorSimState;
          if (!OPERATOR_SIM_STATES.includes(state))
            return answer(400, { code: 'BAD_REQUEST', message: 'Unknown state.' });
          if (!cards.has(play[1]!)) return answer(404, { code: 'NOT_FOUND', message: 'No such SIM.' });
          return answer(200, { status: await changeState(play[1]!, state) });
        }
        return answer(404, { code: 'NOT_FOUND', message: 'No such play call.' });
      }
      if (faults.rate > 0 && Math.random() < faults.rate)
        return answer(faults.status, { code: 'SERVICE_UNAVAILABLE', message: 'Try again later.' });
      if (req.method === 'GET' && path === '/v1/sims') {
        const wanted = url.searchParams.get('iccid')?.split(',').filter(Boolean);
        const state = url.searchParams.get('state');
        const sims = (
          wanted ? wanted.map((i) => cards.get(i)).filter((s) => s !== undefined) : [...cards.values()]
        ).filter((s) => state === null || s.state === state);
        return answer(200, { sims });
      }
      if (req.method === 'GET' && path === '/v1/export.csv') return answer(200, csvOf([...cards.values()]));
      const one = /^\/v1\/sims\/(\d+)(\/state|\/expiry)?$/.exec(path);
      const card = one ? cards.get(one[1]!) : undefined;
      if (!one) return answer(404, { code: 'NOT_FOUND', message: 'No such resource.' });
      if (!card) return answer(404, { code: 'NOT_FOUND', message: `No SIM ${one[1]} on this account.` });
      if (req.method === 'GET' && !one[2]) return answer(200, card);
      if (req.method === 'PUT' && one[2] === '/state') {
        const state = String(body.state) as OperatorSimState;
        if (!OPERATOR_SIM_STATES.includes(state))
          return answer(400, { code: 'BAD_REQUEST', message: `Unknown state ${String(body.state)}.` });
        if (card.state === 'TERMINATED' && state !== 'TERMINATED')
          return answer(409, {
            code: 'INVALID_TRANSITION',
            message: 'A terminated SIM cannot change state.',
          });
        if (card.state !== state) {
          card.state = state;
          card.stateChangedAt = new Date().toISOString();
        }
        return answer(200, card);
      }
      if (req.method === 'PUT' && one[2] === '/expiry') {
        const exp = body.expiresAt;
        if (exp !== null && (typeof exp !== 'string' || !Number.isFinite(Date.parse(exp))))
          return answer(400, { code: 'BAD_REQUEST', message: 'expiresAt is an ISO 8601 time or null.' });
        card.expiresAt = exp === null ? null : new Date(exp).toISOString();
        return answer(200, card);
      }
      return answer(405, { code: 'METHOD_NOT_ALLOWED', message: 'Not allowed.' });
    })().catch(() => answer(500, { code: 'INTERNAL', message: 'Internal error' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    apiUrl: httpBase(server, host, port),
    apiKey,
    callbackSecret,
    sims: () => [...cards.values()].map((s) => ({ ...s })),
    addSims,
    changeState,
    setCallbackUrl: (url) => {
      callbackUrl = url;
    },
    setFaults: (rate, status = 503) => {
      faults = { rate, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
