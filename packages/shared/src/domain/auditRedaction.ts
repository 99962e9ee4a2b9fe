import { luhnValid } from './luhn.js';
/**
 * What the audit trail may keep of a staff call's input and of a change's before and after
 * (decision 0089): everything but secrets. A field whose name says it holds a secret — a password, a
 * token, a code, a key, card data — keeps its name and loses its value, so the trail still shows that
 * a password was set, never what to. A value that looks like a secret wherever it sits (a card number,
 * a signed token) is blanked too. Large inputs are cut so one call cannot flood the table.
 *
 * Pure: the server applies it before a row is written; packages/shared/test/auditRedaction.test.ts
 * is its table.
 */

/** What a secret's value becomes. */
export const REDACTED = '[redacted]';
/** What the rest of a cut array, object or string becomes. */
export const CUT = '[…]';

/** The words of a field name that mark its value a secret (name split on camelCase, _, -, space). */
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'pass',
  'pwd',
  'pin',
  'token',
  'tokens',
  'secret',
  'secrets',
  'code',
  'codes',
  'key',
  'keys',
  'apikey',
  'otp',
  'card',
  'cvc',
  'cvv',
  'iban',
  'pan',
  'signature',
  'authorization',
  'auth',
  'cookie',
  'credential',
  'credentials',
  'hash',
  'salt',
  'p256dh',
]);

/**
 * Names with a secret word that hold no secret: a status, a country's or a language's code, a key that
 * names a translation or a setting. Compared in lower case, without separators.
 */
const NOT_SECRET = new Set([
  'statuscode',
  'countrycode',
  'postcode',
  'postalcode',
  'zipcode',
  'currencycode',
  'languagecode',
  'langcode',
  'errorcode',
  'translationkey',
  'keyname',
  'cardbrand',
  'cardlast4',
  'last4',
]);

/** The words of a field name: `newPassword` → new, password; `api_key` → api, key; `PIN` → pin. */
export function fieldWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** Whether a field of this name holds a secret. */
export function isSecretField(name: string): boolean {
  const words = fieldWords(name);
  if (NOT_SECRET.has(words.join(''))) return false;
  return words.some((w) => SECRET_WORDS.has(w)) || SECRET_WORDS.has(words.join(''));
}

/** A card number (13 to 19 digits, spaces or dashes between, Luhn-valid) or a signed token (a JWT). */
export function looksSecret(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  if (/^\d{13,19}$/.test(compact) && /^[\d\s-]+$/.test(value) && luhnValid(compact)) return true;
  if (/^eyJ[\w-]+\.[\w-]+\.[\w-]*$/.test(value.trim())) return true;
  if (/^Bearer\s+\S+/i.test(value.trim())) return true;
  return false;
}

export interface RedactLimits {
  /** Longest string kept (longer ones are cut). */
  maxString: number;
  /** Most items of an array, or fields of an object, kept. */
  maxItems: number;
  /** Deepest nesting kept. */
  maxDepth: number;
}

export const AUDIT_LIMITS: RedactLimits = { maxString: 500, maxItems: 100, maxDepth: 6 };

/**
 * A copy of a JSON-like value with every secret blanked and the whole cut to the limits. Dates become
 * their ISO text; functions, symbols and undefined fields are left out (as JSON would).
 */
export function redactForAudit(value: unknown, limits: RedactLimits = AUDIT_LIMITS): unknown {
  return redact(value, limits, 0);
}

function redact(value: unknown, limits: RedactLimits, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (looksSecret(value)) return REDACTED;
    return value.length > limits.maxString ? value.slice(0, limits.maxString) + CUT : value;
  }
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return undefined;
  if (depth >= limits.maxDepth) return CUT;
  if (Array.isArray(value)) {
    const kept = value.slice(0, limits.maxItems).map((v) => redact(v, limits, depth + 1) ?? null);
    return value.length > limits.maxItems ? [...kept, CUT] : kept;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [k, v] of entries.slice(0, limits.maxItems)) {
    if (isSecretField(k)) {
      if (v !== undefined) out[k] = REDACTED;
      continue;
    }
    const r = redact(v, limits, depth + 1);
    if (r !== undefined) out[k] = r;
  }
  if (entries.length > limits.maxItems) out[CUT] = CUT;
  return out;
}

/** One field a change touched: its path (`plan.end`), and its value before and after. */
export interface ChangedField {
  path: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields a change touched, by path, in the order they first appear: objects are compared field
 * by field, anything else (arrays included) as a whole. A field only before is removed (after
 * undefined), one only after is added (before undefined). The console's expanded row shows this.
 */
export function changedFields(before: unknown, after: unknown, path = ''): ChangedField[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => changedFields(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before, after }];
}
