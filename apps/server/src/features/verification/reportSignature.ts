import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * How a verification report is signed (decision 0115). The PDF as written is hashed (SHA-256) and the
 * hash signed with the server's Ed25519 key; one PDF comment line after the file's end carries the
 * report's id, the key's id, the hash and the signature:
 *
 *   %EMBERWATCH-SIGNATURE report=<id> key=<keyId> sha256=<hex> ed25519=<base64>
 *
 * PDF readers skip a comment, so the file opens as before. Any change to the bytes before the line
 * changes the hash; a changed line fails the signature. Pure (crypto only).
 */
export const SIGNATURE_MARK = '\n%EMBERWATCH-SIGNATURE ';

export interface SigningKey {
  keyId: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface SignatureLine {
  reportId: string;
  keyId: string;
  sha256: string;
  signature: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A new Ed25519 key; its id is the first 16 hex digits of its public key's SHA-256 (DER). */
export function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    keyId: sha256Hex(der).slice(0, 16),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The signed file: the PDF and its signature line. */
export function signReport(
  pdf: Buffer,
  key: SigningKey,
  reportId: string,
): { file: Buffer; line: SignatureLine } {
  const digest = createHash('sha256').update(pdf).digest();
  const signature = sign(null, digest, key.privateKeyPem).toString('base64');
  const line: SignatureLine = { reportId, keyId: key.keyId, sha256: digest.toString('hex'), signature };
  const text = `${SIGNATURE_MARK}report=${reportId} key=${key.keyId} sha256=${line.sha256} ed25519=${signature}\n`;
  return { file: Buffer.concat([pdf, Buffer.from(text, 'latin1')]), line };
}

/** The signed part and the signature line of a file, or null when it has no well-formed line. */
export function readSignature(file: Buffer): { signed: Buffer; line: SignatureLine } | null {
  const at = file.lastIndexOf(SIGNATURE_MARK, undefined, 'latin1');
  if (at < 0) return null;
  const text = file.subarray(at + SIGNATURE_MARK.length).toString('latin1');
  const m =
    /^report=([A-Za-z0-9-]{1,64}) key=([0-9a-f]{16}) sha256=([0-9a-f]{64}) ed25519=([A-Za-z0-9+/]+={0,2})\n?$/.exec(
      text,
    );
  if (!m) return null;
  return {
    signed: file.subarray(0, at),
    line: {
      reportId: m[1] as string,
      keyId: m[2] as string,
      sha256: m[3] as string,
      signature: m[4] as string,
    },
  };
}

export type CheckOutcome =
  | { valid: true; line: SignatureLine }
  | {
      valid: false;
      reason: 'unsigned' | 'changed' | 'badSignature' | 'unknownKey';
      line: SignatureLine | null;
    };

/** Whether the file is unchanged since it was signed with this public key (null: the key is unknown). */
export function checkReport(file: Buffer, publicKeyPemOf: (keyId: string) => string | null): CheckOutcome {
  const read = readSignature(file);
  if (read === null) return { valid: false, reason: 'unsigned', line: null };
  const { signed, line } = read;
  const digest = createHash('sha256').update(signed).digest();
  if (digest.toString('hex') !== line.sha256) return { valid: false, reason: 'changed', line };
  const pem = publicKeyPemOf(line.keyId);
  if (pem === null) return { valid: false, reason: 'unknownKey', line };
  let ok = false;
  try {
    ok = verify(null, digest, createPublicKey(pem), Buffer.from(line.signature, 'base64'));
  } catch {
    ok = false;
  }
  return ok ? { valid: true, line } : { valid: false, reason: 'badSignature', line };
}
