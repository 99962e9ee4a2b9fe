import { describe, expect, it } from 'vitest';
import {
  changedFields,
  CUT,
  isSecretField,
  looksSecret,
  REDACTED,
  redactForAudit,
} from '../src/domain/auditRedaction.js';

// Decision 0089: the audit trail keeps what staff did, never a secret they typed or saw.
describe('isSecretField', () => {
  const rows: Array<[string, boolean]> = [
    ['password', true],
    ['newPassword', true],
    ['old_password', true],
    ['PASSWORD', true],
    ['passwd', true],
    ['pwd', true],
    ['PIN', true],
    ['accessToken', true],
    ['refresh_token', true],
    ['secret', true],
    ['bsSecret', true],
    ['code', true],
    ['activationCode', true],
    ['phone_code', true],
    ['apiKey', true],
    ['api_key', true],
    ['APIKey', true],
    ['privateKey', true],
    ['cardNumber', true],
    ['card', true],
    ['cvc', true],
    ['IBAN', true],
    ['signature', true],
    ['authorization', true],
    ['auth', true],
    ['credential_hash', true],
    ['p256dh', true],
    // Names with a secret word that hold none.
    ['status_code', false],
    ['statusCode', false],
    ['countryCode', false],
    ['postCode', false],
    ['cardBrand', false],
    ['last4', false],
    // Words that merely contain a secret word.
    ['passage', false],
    ['authorized', false],
    ['keyboardLayout', false],
    ['pinned', false],
    ['username', false],
    ['UID', false],
    ['BS_ID', false],
    ['phone', false],
    ['email', false],
  ];
  it.each(rows)('%s → secret %s', (name, secret) => {
    expect(isSecretField(name)).toBe(secret);
  });
});

describe('looksSecret', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a Visa test card', '4242424242424242', true],
    ['a card with spaces', '4242 4242 4242 4242', true],
    ['a card with dashes', '4000-0566-5566-5556', true],
    ['16 digits failing Luhn (a probe id, a phone)', '4242424242424241', false],
    ['a phone number', '+358401234567', false],
    ['a short number', '12345', false],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.abc-_def', true],
    ['a bearer header', 'Bearer abc.def', true],
    ['a station id', 'F1000001', false],
    ['a sentence', 'Kit activated for hay', false],
  ];
  it.each(rows)('%s', (_name, value, secret) => {
    expect(looksSecret(value)).toBe(secret);
  });
});

describe('redactForAudit', () => {
  const rows: Array<[string, unknown, unknown]> = [
    [
      'keeps plain values',
      { UID: 5, name: 'Barn 1', on: true, note: null },
      { UID: 5, name: 'Barn 1', on: true, note: null },
    ],
    [
      'blanks a password, keeping its name',
      { username: 'a', password: 'hunter2' },
      { username: 'a', password: REDACTED },
    ],
    [
      'blanks nested secrets',
      { user: { login: { token: 'x', id: 3 } } },
      { user: { login: { token: REDACTED, id: 3 } } },
    ],
    [
      'blanks a secret whose value is an object',
      { card: { number: '4242', exp: '12/30' } },
      { card: REDACTED },
    ],
    [
      'blanks secrets in arrays of objects',
      [{ code: 'ABCD-1234' }, { code: 'EFGH' }],
      [{ code: REDACTED }, { code: REDACTED }],
    ],
    ['blanks a card number under an innocent name', { note: '4242424242424242' }, { note: REDACTED }],
    ['blanks a token under an innocent name', { value: 'eyJa.eyJb.c' }, { value: REDACTED }],
    ['keeps a status code', { status_code: 0 }, { status_code: 0 }],
    ['leaves undefined fields out', { a: undefined, b: 1 }, { b: 1 }],
    ['keeps a secret field that is empty as redacted', { password: '' }, { password: REDACTED }],
    ['turns a date into its text', { at: new Date(0) }, { at: '1970-01-01T00:00:00.000Z' }],
    ['keeps scalars', 42, 42],
    ['keeps null', null, null],
  ];
  it.each(rows)('%s', (_name, input, output) => {
    expect(redactForAudit(input)).toEqual(output);
  });

  it('cuts long strings, long arrays, wide and deep objects', () => {
    const limits = { maxString: 5, maxItems: 2, maxDepth: 2 };
    expect(redactForAudit('abcdefgh', limits)).toBe(`abcde${CUT}`);
    expect(redactForAudit([1, 2, 3], limits)).toEqual([1, 2, CUT]);
    expect(redactForAudit({ a: 1, b: 2, c: 3 }, limits)).toEqual({ a: 1, b: 2, [CUT]: CUT });
    expect(redactForAudit({ a: { b: { c: 1 } } }, limits)).toEqual({ a: { b: CUT } });
  });

  it('never lets a secret through, whatever the nesting', () => {
    const secret = 'S3cr3t-value';
    const input = {
      password: secret,
      list: [{ nested: { apiKey: secret } }, { deeper: [{ refreshToken: secret }] }],
      payment: { cardNumber: secret, cvc: secret },
    };
    expect(JSON.stringify(redactForAudit(input))).not.toContain(secret);
  });
});

describe('changedFields', () => {
  const rows: Array<[string, unknown, unknown, ReturnType<typeof changedFields>]> = [
    ['nothing changed', { a: 1 }, { a: 1 }, []],
    ['one field changed', { a: 1, b: 2 }, { a: 1, b: 3 }, [{ path: 'b', before: 2, after: 3 }]],
    [
      'a nested field',
      { plan: { end: 1, name: 'x' } },
      { plan: { end: 2, name: 'x' } },
      [{ path: 'plan.end', before: 1, after: 2 }],
    ],
    ['a field added', {}, { a: 1 }, [{ path: 'a', before: undefined, after: 1 }]],
    ['a field removed', { a: 1 }, {}, [{ path: 'a', before: 1, after: undefined }]],
    [
      'an array as a whole',
      { ids: [1, 2] },
      { ids: [1, 3] },
      [{ path: 'ids', before: [1, 2], after: [1, 3] }],
    ],
    ['a thing created', null, { id: 4 }, [{ path: '', before: null, after: { id: 4 } }]],
    ['a thing removed', { id: 4 }, null, [{ path: '', before: { id: 4 }, after: null }]],
  ];
  it.each(rows)('%s', (_name, before, after, fields) => {
    expect(changedFields(before, after)).toEqual(fields);
  });
});
