import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  dayStartS,
  maskEmail,
  maskPhone,
  recipientStatusOf,
  statusCounts,
  textFor,
  underCap,
} from '../../src/domain/broadcasts/broadcastRules.js';

const en = { subject: 'Break', text: 'Down on Sunday.' };
const de = { subject: 'Pause', text: 'Am Sonntag aus.' };

describe('a recipient’s text', () => {
  it.each([
    ['their language’s', { en, de }, 'de', 'de', de],
    ['English without their language', { en, de }, 'fi', 'en', en],
    ['English when their language’s text is empty', { en, de: { subject: 'x', text: ' ' } }, 'de', 'en', en],
    ['English for English', { en }, 'en', 'en', en],
  ] as const)('is %s', (_name, texts, language, sentIn, text) => {
    expect(textFor(texts, language)).toEqual({ language: sentIn, text });
  });
});

describe('the channels a user gets', () => {
  const both = { phone: '+358401234567', email: 'a@b.fi' };
  it.each([
    [both, ['sms', 'email'], ['sms', 'email']],
    [both, ['email'], ['email']],
    [{ phone: null, email: 'a@b.fi' }, ['sms', 'email'], ['email']],
    [{ phone: '+358401234567', email: 'nope' }, ['sms', 'email'], ['sms']],
    [{ phone: null, email: null }, ['sms', 'email'], []],
  ] as const)('%o on %o: %o', (user, chosen, expected) => {
    expect(channelsFor(user, chosen).map((c) => c.channel)).toEqual(expected);
  });
});

describe('the daily cap', () => {
  it.each([
    [0, 3, 1, 1],
    [2, 3, 1, 1],
    [3, 3, 1, 0],
    [5, 3, 1, 0],
    [1, 3, 5, 2],
    [0, 0, 1, 0],
    [99, undefined, 4, 4],
  ])('used %i of %s, %i wanted: %i may go', (used, cap, wanted, expected) => {
    expect(underCap(used, cap, wanted)).toBe(expected);
  });

  it.each([
    [86_400 * 3 + 5, 86_400 * 3],
    [86_400 * 3, 86_400 * 3],
    [86_400 * 4 - 1, 86_400 * 3],
  ])('the UTC day of %i starts at %i', (now, start) => {
    expect(dayStartS(now)).toBe(start);
  });
});

describe('a recipient’s status', () => {
  it.each([
    [null, 'queued', 'queued'],
    [null, 'capped', 'capped'],
    ['pending', 'queued', 'queued'],
    ['sending', 'queued', 'queued'],
    ['sent', 'queued', 'sent'],
    ['failed', 'queued', 'failed'],
    ['capped', 'queued', 'capped'],
    ['sent', 'capped', 'capped'],
  ] as const)('outbox %s, own %s: %s', (outbox, own, expected) => {
    expect(recipientStatusOf(outbox, own)).toBe(expected);
  });

  it('counts every status, none missing', () => {
    expect(statusCounts(['sent', 'sent', 'capped'])).toEqual({ queued: 0, sent: 2, failed: 0, capped: 1 });
  });
});

describe('masks', () => {
  it.each([
    ['+12025550101', '+120•••••101'],
    ['+358401234567', '+358••••••567'],
    ['0401234567', '040••••567'],
    ['12345', '•••••'],
  ])('the phone %s shows as %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['hay@example.com', 'h••@example.com'],
    ['a@b.fi', 'a•@b.fi'],
    ['nobody', '•••'],
  ])('the e-mail %s shows as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
