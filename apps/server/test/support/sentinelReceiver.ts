import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a test receiver got, and whether its signature checked out. */
export interface ReceivedCall {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, unknown>;
  verified: boolean;
  /** Why not, when not verified. */
  refusal?: string;
}

/**
 * A Sentinel receiver written from docs/sentinel-webhook.md alone (not with the server's own
 * helpers): it checks the timestamp against its clock with the 300 s window, recomputes the HMAC of
 * "<timestamp>.<raw body>" and compares it in constant time. `answer` decides the HTTP status.
 */
export async function startSentinelReceiver(opts: {
  /** The secret for a call's body (a receiver keeps one per siteID). */
  secret: (body: Record<string, unknown>) => string;
  nowS?: () => number;
  /** The status to answer; 'slow' answers 204 after 300 ms, 'hang' never. */
  answer?: (call: ReceivedCall) => number | 'hang' | 'redirect' | 'slow';
}) {
  const calls: ReceivedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const call: ReceivedCall = { headers: req.headers, rawBody, body: {}, verified: false };
      try {
        call.body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        call.refusal = 'not JSON';
      }
      const ts = req.headers['x-emberwatch-timestamp'];
      const sig = req.headers['x-emberwatch-signature'];
      const now = opts.nowS?.() ?? Math.floor(Date.now() / 1000);
      if (typeof ts !== 'string' || !/^\d+$/.test(ts)) call.refusal = 'no timestamp';
      else if (Math.abs(now - Number(ts)) > 300) call.refusal = 'stale';
      else {
        const expected = createHmac('sha256', opts.secret(call.body)).update(`${ts}.${rawBody}`).digest();
        const given =
          typeof sig === 'string' && sig.startsWith('v1=') ? Buffer.from(sig.slice(3), 'hex') : null;
        call.verified =
          !call.refusal && !!given && given.length === expected.length && timingSafeEqual(given, expected);
        if (!call.verified) call.refusal ??= 'bad signature';
      }
      calls.push(call);
      const answer = opts.answer?.(call) ?? (call.verified ? 204 : 401);
      if (answer === 'hang') return;
      if (answer === 'slow') {
        setTimeout(() => res.writeHead(204).end(), 300);
        return;
      }
      if (answer === 'redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      }
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    calls,
    port,
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
