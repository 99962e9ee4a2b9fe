import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newSentinelSecret,
  sentinelSignature,
  verifySentinelSignature,
} from '../src/features/sentinel/sentinelSignature.js';

const SECRET = 'a'.repeat(64);
const BODY = '{"version":1,"kind":"test","siteID":"S-1","text":"60 C"}';
const NOW = 1_760_000_000;

/** docs/sentinel-webhook.md "Verifying a call". */
describe('the Sentinel signature', () => {
  it('is v1= and the hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the secret', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(sentinelSignature(SECRET, NOW, BODY)).toBe(`v1=${expected}`);
    // The documented example (docs/sentinel-webhook.md), so the page and the code cannot drift.
    expect(sentinelSignature('0123456789abcdef'.repeat(4), 1760000000, '{"kind":"test"}')).toBe(
      'v1=ba79e927e9dd2a47c9df89f1668b2507b7b1adecd3ad5a0ae85a3086d58a02e8',
    );
  });

  it('makes 32 random bytes as 64 hex characters, different each time', () => {
    const a = newSentinelSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSentinelSecret()).not.toBe(a);
  });

  const check = (over: Partial<Parameters<typeof verifySentinelSignature>[0]>) =>
    verifySentinelSignature({
      secret: SECRET,
      timestampHeader: String(NOW),
      signatureHeader: sentinelSignature(SECRET, NOW, BODY),
      rawBody: BODY,
      nowS: NOW + 10,
      ...over,
    });

  it('is accepted by a receiver with the same secret, body and a fresh timestamp', () => {
    expect(check({})).toEqual({ ok: true });
    // During a rotation a header may carry several values; one match is enough.
    expect(
      check({ signatureHeader: `v1=${'0'.repeat(64)}, ${sentinelSignature(SECRET, NOW, BODY)}` }),
    ).toEqual({
      ok: true,
    });
  });

  const refusals: [string, Partial<Parameters<typeof verifySentinelSignature>[0]>, string][] = [
    ['another secret', { secret: 'b'.repeat(64) }, 'signature does not match'],
    ['a changed body', { rawBody: BODY.replace('60 C', '99 C') }, 'signature does not match'],
    [
      're-serialised JSON',
      { rawBody: JSON.stringify(JSON.parse(BODY), null, 1) },
      'signature does not match',
    ],
    ['a changed timestamp', { timestampHeader: String(NOW + 1) }, 'signature does not match'],
    ['a replay after the window', { nowS: NOW + 301 }, 'timestamp outside the replay window'],
    ['a timestamp from the future', { nowS: NOW - 301 }, 'timestamp outside the replay window'],
    ['no timestamp', { timestampHeader: undefined }, 'no timestamp'],
    ['a timestamp in milliseconds', { timestampHeader: `${NOW}000`, nowS: NOW }, 'no timestamp'],
    ['no signature', { signatureHeader: undefined }, 'signature does not match'],
    [
      'another scheme',
      { signatureHeader: sentinelSignature(SECRET, NOW, BODY).replace('v1=', 'v0=') },
      'signature does not match',
    ],
    [
      'a truncated signature',
      { signatureHeader: sentinelSignature(SECRET, NOW, BODY).slice(0, 40) },
      'signature does not match',
    ],
  ];
  it.each(refusals)('is refused with %s', (_, over, reason) => {
    expect(check(over)).toEqual({ ok: false, reason });
  });

  it('accepts the edges of the 300 s window', () => {
    expect(check({ nowS: NOW + 300 })).toEqual({ ok: true });
    expect(check({ nowS: NOW - 300 })).toEqual({ ok: true });
  });
});
