import { randomInt } from 'node:crypto';
import {
  ACTIVATION_CODE_DIGITS,
  CROCKFORD_DIGITS,
  formatActivationCode,
  normalizeActivationCode,
} from '@emberwatch/shared/domain/activation/activationCode';
import { sha256 } from '../../security/sha256.js';

/**
 * A new kit's code: 12 random Crockford digits (60 bits), printed in groups of four. At the server's
 * rate of ten wrong codes per account per quarter hour, finding any one of a million open kits by
 * guessing would take longer than the kits exist.
 */
export function newKitCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_DIGITS; i++)
    code += CROCKFORD_DIGITS[randomInt(CROCKFORD_DIGITS.length)];
  return formatActivationCode(code);
}

/**
 * How a code finds its kit. A plain SHA-256: the codes have 60 random bits (the demo's excepted),
 * and the hash must outlive any server secret, since a kit waits on a shelf for years.
 */
export function kitCodeHash(code: string): string {
  return sha256(`kit\n${normalizeActivationCode(code)}`);
}
