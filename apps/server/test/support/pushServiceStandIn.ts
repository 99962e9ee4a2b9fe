import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in push service received. */
export interface ReceivedPush {
  /** The path after the server's address: which device it was for. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local HTTP server standing in for a browser's push service (RFC 8030): it records every request
 * and answers with the status `answer` picks for its path ("/dev-410" → 410 by default).
 */
export async function startPushServiceStandIn(
  answer: (path: string) => number = (path) => Number(/(\d{3})$/.exec(path)?.[1] ?? 201),
) {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer(path)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const b64url = (b: Buffer) => b.toString('base64url');

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
      // The last record ends with the delimiter 2, then zero padding.
      const end = padded.lastIndexOf(2);
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
