import { describe, expect, it } from 'vitest';
import { noticeRouteOf } from '../src/features/delivery/failureNotice.js';
import { NOTICE_ERROR_CHARS, noticeText } from '../src/features/delivery/noticeTexts.js';
import { recipientHealth, type MessageOutcome } from '../src/features/delivery/recipientHealth.js';
import { bundledServerTexts } from '../src/features/translations/index.js';
import { healthOfContact } from '../src/features/storages/storageAlerts.service.js';

let nextId = 1;
const out = (status: 'sent' | 'failed', ts: number, over: Partial<MessageOutcome> = {}): MessageOutcome => ({
  id: nextId++,
  channel: 'email',
  address: 'anna@farm.test',
  recipientUserId: 7,
  recipientName: 'Anna',
  status,
  ts,
  error: status === 'failed' ? `550 mailbox unavailable (${ts})` : null,
  ...over,
});

describe('recipient health from message outcomes (decision 0070)', () => {
  it.each([
    ['no messages', [], []],
    ['only sent', [out('sent', 10), out('sent', 20)], []],
    [
      'one permanent failure',
      [out('sent', 10), out('failed', 20)],
      [{ failingSince: 20, lastFailedTs: 20, failed: 1, lastError: '550 mailbox unavailable (20)' }],
    ],
    [
      'failing since the first failure after the last send, with the latest error',
      [out('failed', 5), out('sent', 10), out('failed', 20), out('failed', 30), out('failed', 40)],
      [{ failingSince: 20, lastFailedTs: 40, failed: 3, lastError: '550 mailbox unavailable (40)' }],
    ],
    ['recovered: a later message was sent', [out('failed', 20), out('failed', 30), out('sent', 31)], []],
    [
      'a message that failed after a later one was sent counts by when it failed (retries given up)',
      [out('sent', 30), out('failed', 40)],
      [{ failingSince: 40, failed: 1 }],
    ],
    [
      'the order is the recorded time, not the order given',
      [out('failed', 50), out('sent', 45), out('failed', 20)],
      [{ failingSince: 50, failed: 1 }],
    ],
    [
      'a failure and a send in one second: the later message decides',
      [out('failed', 60), out('sent', 60)],
      [],
    ],
  ] as const)('%s', (_name, outcomes, expected) => {
    const got = recipientHealth(outcomes as readonly MessageOutcome[]);
    expect(got).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(got[i]).toMatchObject(e));
  });

  it('keeps channels and addresses apart, the longest failing first', () => {
    const got = recipientHealth([
      out('failed', 30, { channel: 'sms', address: '+358401234567', recipientName: 'Ben' }),
      out('sent', 40, { channel: 'email' }),
      out('failed', 20, { channel: 'voice', address: '+358401234567', recipientName: 'Ben' }),
      out('failed', 35, { channel: 'email', address: 'ben@farm.test', recipientName: 'Ben' }),
      out('sent', 36, { channel: 'sms', address: '+358409999999' }),
    ]);
    expect(got.map((h) => [h.channel, h.address, h.failingSince])).toEqual([
      ['voice', '+358401234567', 20],
      ['sms', '+358401234567', 30],
      ['email', 'ben@farm.test', 35],
    ]);
    expect(got[0]).toMatchObject({ recipientUserId: 7, recipientName: 'Ben' });
  });
});

describe('where the failure notice goes', () => {
  const owner = { phone: '+358401111111', email: 'owner@farm.test' };
  it.each([
    ['e-mail to someone failed: SMS to the owner', 'email', 'anna@farm.test', owner, [], 'sms'],
    ['SMS to someone failed: e-mail to the owner', 'sms', '+358402222222', owner, [], 'email'],
    ['a call failed: e-mail to the owner', 'voice', '+358402222222', owner, [], 'email'],
    ['a webhook failed: e-mail to the owner', 'sentinel', 'https://s.test/h', owner, [], 'email'],
    ["the owner's own e-mail failed: SMS", 'email', 'owner@farm.test', owner, [], 'sms'],
    ["the owner's own phone failed: e-mail", 'sms', '+358401111111', owner, [], 'email'],
    [
      "the owner's phone refuses SMS: not by a call's failure either",
      'voice',
      '+358401111111',
      { phone: '+358401111111', email: null },
      [],
      null,
    ],
    [
      'e-mail failed and the owner has no phone: the owner’s own address',
      'email',
      'anna@farm.test',
      { phone: null, email: 'owner@farm.test' },
      [],
      'email',
    ],
    [
      "the owner's only channel failed: nothing works",
      'email',
      'owner@farm.test',
      { phone: null, email: 'owner@farm.test' },
      [],
      null,
    ],
    [
      "the other channel fails itself: the owner's address instead",
      'sms',
      '+358402222222',
      owner,
      ['owner@farm.test'],
      'sms',
    ],
    [
      'both of the owner’s fail: nothing',
      'sms',
      '+358402222222',
      owner,
      ['owner@farm.test', '+358401111111'],
      null,
    ],
  ] as const)('%s', (_name, channel, address, reach, failing, expected) => {
    const route = noticeRouteOf({ channel, address }, reach, new Set<string>(failing));
    expect(route?.channel ?? null).toBe(expected);
    if (route) expect(route.address).toBe(route.channel === 'sms' ? reach.phone : reach.email);
  });
});

describe('the notice text', () => {
  const texts = bundledServerTexts();
  it('names the channel, person, address, error and link in the owner language', () => {
    const facts = {
      channel: 'email' as const,
      name: 'Anna',
      address: 'anna@farm.test',
      error: 'SMTP 550: Mailbox unavailable',
      link: 'https://ew.test/storages/3',
    };
    expect(noticeText(texts, 'en', facts).body).toBe(
      'Emberwatch: E-mails to Anna (anna@farm.test) cannot be delivered: SMTP 550: Mailbox unavailable. Alerts may not reach them. Please check: https://ew.test/storages/3',
    );
    expect(noticeText(texts, 'fi', facts).subject).toBe(
      'Emberwatch: viestit vastaanottajalle Anna eivät mene perille',
    );
    expect(noticeText(texts, 'xx', facts).subject).toBe(noticeText(texts, 'en', facts).subject);
    expect(noticeText(texts, 'en', { ...facts, channel: 'push', address: '7' }).body).toContain(
      'Push notifications to Anna cannot',
    );
    const long = noticeText(texts, 'en', { ...facts, error: 'x'.repeat(400) }).body;
    expect(long).toContain(`${'x'.repeat(NOTICE_ERROR_CHARS - 1)}…`);
    expect(long).not.toContain('x'.repeat(NOTICE_ERROR_CHARS));
  });
});

describe("a person's failing channels in the alert settings", () => {
  const h = (channel: 'sms' | 'voice' | 'email' | 'push', address: string) => ({
    channel,
    address,
    recipientUserId: 7,
    recipientName: 'Anna',
    failingSince: 100,
    lastFailedTs: 200,
    lastError: 'x',
    failed: 1,
  });
  const failing = [
    h('sms', '+358401234567'),
    h('voice', '+358401234567'),
    h('email', 'Anna@Farm.test'),
    h('push', '7'),
    h('sms', '+358409999999'),
  ];
  it.each([
    [
      'the phone as typed, the address in any case, push by id',
      { id: 7, phone: '00358 40 123 4567', email: 'anna@farm.test' },
      ['sms', 'voice', 'email', 'push'],
    ],
    [
      'a number changed since: the old failures are not the person’s',
      { id: 7, phone: '+358 40 555 0000', email: null },
      ['push'],
    ],
    ['someone else', { id: 8, phone: null, email: 'ben@farm.test' }, []],
  ] as const)('%s', (_name, contact, channels) => {
    expect(healthOfContact(contact, failing).map((x) => x.channel)).toEqual(channels);
  });
});
