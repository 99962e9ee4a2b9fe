import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** A request the stand-in push service received. */
export interface ReceivedPush {
  /** The path after the server's address: which device it was for. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A message the checking stand-in accepted: the VAPID claims and the decrypted payload. */
export interface VerifiedPush {
  path: string;
  claims: { aud: string; exp: number; sub: string };
  payload: string;
}

/**
 * What the stand-in checks when `verify` is given, as a push service (the VAPID JWT) and as the
 * browser behind it (the RFC 8291 payload) would:
 * - `serverKey`: the application server key the subscription was made with (the server's VAPID
 *   public key, base64url): the header's `k` must be it, and the JWT must be signed (ES256) by it;
 * - `keysOf(path)`: the device's keys (fakeBrowserKeys), which must decrypt the body.
 */
export interface PushCheck {
  serverKey: () => string;
  keysOf: (path: string) => BrowserKeys | undefined;
}

/**
 * A local HTTP server standing in for a browser's push service (RFC 8030): it records every request
 * and answers with the status `answer` picks for its path ("/dev-410" → 410 by default). With
 * `verify` it first checks each request as a push service and its browser would, and refuses one
 * that fails — 401 without a VAPID authorization, 403 for a JWT that is not the subscription's key's,
 * not for this origin, expired, valid too long or without a contact (RFC 8292 §2, §4.2), 400 for a
 * body that is not aes128gcm or does not decrypt with the device's keys (RFC 8291) — keeping why in
 * `refused`, and what passed in `verified`.
 */
export async function startPushServiceStandIn(
  answer: (path: string) => number = (path) => Number(/(\d{3})$/.exec(path)?.[1] ?? 201),
  verify?: PushCheck,
) {
  const received: ReceivedPush[] = [];
  const verified: VerifiedPush[] = [];
  const refused: { path: string; status: number; reason: string }[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const got: ReceivedPush = { path, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(got);
      void (async () => {
        if (verify) {
          const problem = await checkPush(got, origin, verify);
          if ('status' in problem) {
            refused.push({ path, ...problem });
            return res.writeHead(problem.status).end(problem.reason);
          }
          verified.push(problem);
        }
        res.writeHead(answer(path)).end();
      })().catch((err: unknown) => res.writeHead(500).end(String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    verified,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The longest a VAPID JWT may be valid (RFC 8292 §2: no more than 24 hours from the request). */
const VAPID_MAX_S = 24 * 3600;

async function checkPush(
  got: ReceivedPush,
  origin: string,
  verify: PushCheck,
): Promise<VerifiedPush | { status: number; reason: string }> {
  const m = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(got.headers.authorization ?? '');
  if (!m) return { status: 401, reason: 'no VAPID authorization' };
  const [, jwt, k] = m as unknown as [string, string, string];
  const serverKey = verify.serverKey();
  if (k !== serverKey) return { status: 403, reason: 'k is not the key the subscription was made with' };
  const raw = Buffer.from(serverKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  let claims: { aud: string; exp: number; sub: string };
  try {
    if (decodeProtectedHeader(jwt).alg !== 'ES256') return { status: 403, reason: 'the JWT is not ES256' };
    // jwtVerify checks the signature, aud and exp (no clock tolerance).
    const { payload } = await jwtVerify(jwt, key, { audience: origin, algorithms: ['ES256'] });
    claims = payload as typeof claims;
  } catch (err) {
    return { status: 403, reason: `the JWT is refused: ${(err as Error).message}` };
  }
  const nowS = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp > nowS + VAPID_MAX_S)
    return { status: 403, reason: 'the JWT is valid for more than 24 hours' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return { status: 403, reason: 'the JWT names no mailto: or https: contact' };
  if (got.headers['content-encoding'] !== 'aes128gcm')
    return { status: 400, reason: 'the body is not aes128gcm' };
  if (got.headers.ttl === undefined) return { status: 400, reason: 'no TTL' };
  const device = verify.keysOf(got.path);
  if (!device) return { status: 404, reason: 'no such subscription' };
  try {
    return { path: got.path, claims, payload: device.decrypt(got.body) };
  } catch (err) {
    return { status: 400, reason: `the body does not decrypt: ${(err as Error).message}` };
  }
}

const b64url = (b: Buffer) => b.toString('base64url');

export type BrowserKeys = ReturnType<typeof fakeBrowserKeys>;

/**
 * A browser's side of a push subscription (RFC 8291): its P-256 key pair and auth secret, and the
 * decryption of an aes128gcm message — what the browser does before the service worker sees the data.
 */
export function fakeBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: b64url(publicKey),
    auth: b64url(auth),
    /** The plaintext of an aes128gcm body (RFC 8188 header, one record). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLen = body[20]!;
      // RFC 8291 §4: the key id is the server's 65-byte ephemeral public key, in one record.
      if (body.length < 21 + 65 + 16 || idLen !== 65 || body[21] !== 4)
        throw new Error('not an RFC 8291 aes128gcm body');
      if (body.readUInt32BE(16) < body.length - 21 - idLen)
        throw new Error('the record size is smaller than the one record');
      const serverKey = body.subarray(21, 21 + idLen);
      const cipher = body.subarray(21 + idLen);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipher.subarray(cipher.length - 16));
      const padded = Buffer.concat([
        decipher.update(cipher.subarray(0, cipher.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero padding (RFC 8188 §2).
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (end < 0 || padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** The VAPID header's parts (RFC 8292: "vapid t=<JWT>, k=<public key>"). */
export function vapidOf(authorization: string | undefined): { jwt: string; key: string } {
  const m = /^vapid t=([^,]+), k=(\S+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  return { jwt: m[1]!, key: m[2]! };
}
