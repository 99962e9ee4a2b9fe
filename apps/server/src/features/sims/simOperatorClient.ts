import { OPERATOR_STATES, simStatusOf, type SimStatus } from '@emberwatch/shared/domain/sims';
import type { SimOperatorConfig } from '../../config.js';

/** A card as the operator's API shows it, in our words. */
export interface OperatorCard {
  iccid: string;
  msisdn: string | null;
  imsi: string | null;
  /** null: a state our console has no word for (shown as unknown, never stored). */
  status: SimStatus | null;
  status_ts: number | null;
  exp_ts: number | null;
}

/**
 * Why the operator did not do what was asked: `notConfigured` (no SIM_OPERATOR_API_URL),
 * `unavailable` (no answer, a timeout, a 5xx, a 401 of our key), `refused` (it answered 4xx: the
 * change is not allowed there). The message is for people and never holds the key.
 */
export class SimOperatorError extends Error {
  constructor(
    readonly kind: 'notConfigured' | 'unavailable' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'SimOperatorError';
  }
}

/** The SIM operator's management API, as the sims feature uses it (decision 0092). */
export interface SimOperator {
  /** The cards asked for that the operator has (those it does not know are missing from the answer). */
  cards(iccids: readonly string[]): Promise<OperatorCard[]>;
  /** One card, or null when the operator does not know it. */
  card(iccid: string): Promise<OperatorCard | null>;
  setStatus(iccid: string, status: SimStatus): Promise<OperatorCard>;
  setExpiry(iccid: string, expTs: number | null): Promise<OperatorCard>;
}

interface WireCard {
  iccid?: unknown;
  msisdn?: unknown;
  imsi?: unknown;
  state?: unknown;
  stateChangedAt?: unknown;
  expiresAt?: unknown;
}

function epochOf(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

function cardOf(w: WireCard): OperatorCard {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    iccid: typeof w.iccid === 'string' ? w.iccid : '',
    msisdn: text(w.msisdn),
    imsi: text(w.imsi),
    status: typeof w.state === 'string' ? simStatusOf(w.state) : null,
    status_ts: epochOf(w.stateChangedAt),
    exp_ts: epochOf(w.expiresAt),
  };
}

/** The operator's own words of a refusal, short, or the status. */
async function reasonOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message.slice(0, 200);
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${res.status}`;
}

/** Cards a list request asks for at most (the query string stays short). */
const LIST_CHUNK = 100;

/**
 * The one module that talks to the SIM operator's management API (a Telia-like REST API: bearer
 * key, JSON, states ACTIVE/PAUSED/DEACTIVATED/TERMINATED; decision 0092), at SIM_OPERATOR_API_URL
 * with SIM_OPERATOR_API_KEY. No retries: every call is an operator's click, who sees the failure and
 * tries again; a change that timed out is read back by the next getSIM.
 */
export function simOperatorClient(api: SimOperatorConfig['api']): SimOperator {
  async function request(method: 'GET' | 'PUT', path: string, body?: object): Promise<Response | null> {
    if (!api)
      throw new SimOperatorError('notConfigured', 'No SIM operator is configured (SIM_OPERATOR_API_URL).');
    let res: Response;
    try {
      res = await fetch(new URL(path, api.url.endsWith('/') ? api.url : `${api.url}/`), {
        method,
        headers: {
          authorization: `Bearer ${api.key}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(api.timeoutMs),
      });
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new SimOperatorError('unavailable', `The SIM operator ${why}.`);
    }
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429)
      throw new SimOperatorError('unavailable', `The SIM operator did not answer (${await reasonOf(res)}).`);
    if (!res.ok) throw new SimOperatorError('refused', `The SIM operator refused: ${await reasonOf(res)}`);
    return res;
  }

  async function one(method: 'GET' | 'PUT', iccid: string, tail = '', body?: object) {
    const res = await request(method, `v1/sims/${encodeURIComponent(iccid)}${tail}`, body);
    return res ? cardOf((await res.json()) as WireCard) : null;
  }
  const known = (iccid: string, card: OperatorCard | null): OperatorCard => {
    if (!card) throw new SimOperatorError('refused', `The SIM operator does not know SIM ${iccid}.`);
    return card;
  };

  return {
    async cards(iccids) {
      const out: OperatorCard[] = [];
      for (let i = 0; i < iccids.length; i += LIST_CHUNK) {
        const chunk = iccids.slice(i, i + LIST_CHUNK);
        const res = await request('GET', `v1/sims?iccid=${chunk.map(encodeURIComponent).join(',')}`);
        const body = res ? ((await res.json()) as { sims?: WireCard[] }) : {};
        out.push(...(body.sims ?? []).map(cardOf));
      }
      return out;
    },
    card: (iccid) => one('GET', iccid),
    async setStatus(iccid, status) {
      return known(iccid, await one('PUT', iccid, '/state', { state: OPERATOR_STATES[status] }));
    },
    async setExpiry(iccid, expTs) {
      const expiresAt = expTs === null ? null : new Date(expTs * 1000).toISOString();
      return known(iccid, await one('PUT', iccid, '/expiry', { expiresAt }));
    },
  };
}
