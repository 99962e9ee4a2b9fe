import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  SENTINEL_SIGNATURE_HEADER,
  SENTINEL_TIMESTAMP_HEADER,
  type SentinelFailure,
  type SentinelWebhookBody,
} from '@emberwatch/shared/contracts/sentinel';
import { sentinelSignature } from './sentinelSignature.js';
import {
  TargetRefused,
  checkTargetUrl,
  resolveTarget,
  type GuardOptions,
  type ResolvedAddress,
  type Resolver,
} from './ssrfGuard.js';

/** How long one call may take, name resolution and answer included (decision 0046). */
export const SENTINEL_TIMEOUT_MS = 5000;

/** What one call to a Sentinel target came to. */
export type SentinelCallResult =
  | { ok: true; httpStatus: number }
  | { ok: false; failure: SentinelFailure; httpStatus?: number; error: string };

export interface SentinelSenderOptions extends GuardOptions {
  nowS: () => number;
  timeoutMs?: number;
  /** Name resolution (tests pass a stand-in); the system resolver by default. */
  resolve?: Resolver;
}

/**
 * A lookup that answers only the addresses the guard checked: the connection cannot go anywhere a
 * second DNS answer (rebinding) would send it. Node asks with `all` when it races address families.
 */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, usable);
    else callback(null, first.address, first.family);
  };
}

function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const errorCode = (e: unknown): string =>
  (e as { code?: string }).code ?? (e instanceof Error ? e.message : String(e));

/**
 * Signs and POSTs one body to a Sentinel URL, through the SSRF guard: the URL's rules, every address
 * of its host, a connection only to those addresses, no redirect followed, 5 s for all of it. The
 * secret is used, never logged or put in an error.
 */
export async function postToSentinel(
  urlText: string,
  body: SentinelWebhookBody,
  secret: string,
  opts: SentinelSenderOptions,
): Promise<SentinelCallResult> {
  const timeoutMs = opts.timeoutMs ?? SENTINEL_TIMEOUT_MS;
  const checked = checkTargetUrl(urlText, opts);
  if (!checked.ok)
    return { ok: false, failure: 'refused', error: `Sentinel target refused: ${checked.reason}` };
  const url = checked.url;
  const deadline = AbortSignal.timeout(timeoutMs);
  let addresses: ResolvedAddress[];
  try {
    addresses = await withDeadline(resolveTarget(url, opts), deadline);
  } catch (e) {
    if (e instanceof TargetRefused) return { ok: false, failure: 'refused', error: e.message };
    if (deadline.aborted) return timeoutResult(timeoutMs);
    return { ok: false, failure: 'network', error: `cannot resolve ${url.hostname}: ${errorCode(e)}` };
  }

  const rawBody = JSON.stringify(body);
  const timestamp = opts.nowS();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SentinelCallResult>((resolve) => {
    // Whatever state the exchange is in at the deadline (a body that never ends included), it ends
    // there; the first outcome settles the promise and later ones are ignored.
    deadline.addEventListener('abort', () => resolve(timeoutResult(timeoutMs)), { once: true });
    const req = transport.request(
      url,
      {
        method: 'POST',
        // A fresh connection per call: a pooled socket would skip the pinned lookup.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal: deadline,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(rawBody),
          'user-agent': 'Emberwatch-Sentinel/1',
          [SENTINEL_TIMESTAMP_HEADER]: String(timestamp),
          [SENTINEL_SIGNATURE_HEADER]: sentinelSignature(secret, timestamp, rawBody),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not needed; reading it lets the socket close cleanly.
        res.resume();
        res.on('end', () => {
          if (status >= 200 && status < 300) resolve({ ok: true, httpStatus: status });
          else
            resolve({
              ok: false,
              failure: 'http',
              httpStatus: status,
              error:
                status >= 300 && status < 400
                  ? `Sentinel answered HTTP ${status} (redirects are not followed)`
                  : `Sentinel answered HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`,
            });
        });
        const cut = () => resolve(deadline.aborted ? timeoutResult(timeoutMs) : networkResult('ECONNRESET'));
        res.on('error', cut);
        // A connection closed before the answer's end.
        res.on('close', () => {
          if (!res.complete) cut();
        });
      },
    );
    req.on('error', (e) =>
      resolve(deadline.aborted ? timeoutResult(timeoutMs) : networkResult(errorCode(e))),
    );
    req.end(rawBody);
  });
}

function timeoutResult(timeoutMs: number): SentinelCallResult {
  return { ok: false, failure: 'timeout', error: `Sentinel did not answer within ${timeoutMs / 1000} s` };
}

function networkResult(code: string): SentinelCallResult {
  return { ok: false, failure: 'network', error: `cannot reach Sentinel: ${code}` };
}
