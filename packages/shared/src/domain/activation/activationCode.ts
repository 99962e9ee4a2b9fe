/**
 * Activation codes: what a kit's label carries (a base station or a probe set). Codes are printed and
 * typed by people, so they use Crockford's base-32 digits (no I, L, O, U) in groups of four, and the
 * reading is forgiving: case, spaces and dashes do not matter, and O, I and L are read as 0, 1 and 1.
 */

/** Spec doc 1 §5 "Probe activation code: required, minimum length 2". */
export const ACTIVATION_CODE_MIN_LENGTH = 2;
/** Longer input is no code of ours; the server refuses it without a look-up. */
export const ACTIVATION_CODE_MAX_LENGTH = 64;
/** Spec doc 1 §5: the code box validates 300 ms after the last key. */
export const ACTIVATION_CODE_DEBOUNCE_MS = 300;

export const CROCKFORD_DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 digits of 5 bits: 60 bits, far beyond guessing at the rate the server allows. */
export const ACTIVATION_CODE_DIGITS = 12;

/** The code as stored and compared: upper case, separators dropped, look-alike letters folded. */
export function normalizeActivationCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** The code as printed: groups of four, e.g. 7KQ4-M9TX-2HPD. */
export function formatActivationCode(code: string): string {
  return (normalizeActivationCode(code).match(/.{1,4}/g) ?? []).join('-');
}

export type ActivationCodeProblem = 'required' | 'tooShort' | 'tooLong';

/** The code box's rule (spec doc 1 §5, doc 2 §5): null when the code may be sent. */
export function activationCodeProblem(input: string): ActivationCodeProblem | null {
  const code = input.trim();
  if (code.length === 0) return 'required';
  if (code.length < ACTIVATION_CODE_MIN_LENGTH) return 'tooShort';
  if (code.length > ACTIVATION_CODE_MAX_LENGTH) return 'tooLong';
  return null;
}
