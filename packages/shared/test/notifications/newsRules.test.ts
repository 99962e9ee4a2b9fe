import { describe, expect, it } from 'vitest';
import {
  marksNewsSeen,
  newsLink,
  newsSeenDateOf,
  receivesNews,
  unseenNewsCount,
} from '../../src/domain/notifications/newsRules.js';

const user = { admin: false, master: false };
const admin = { admin: true, master: false };
const master = { admin: false, master: true };

describe('news rules (spec doc 1 §2, §6, §7)', () => {
  it.each([
    ['a user', user, true, true],
    ['an admin: reads, does not mark seen', admin, true, false],
    ['a master: no news', master, false, false],
  ] as const)('%s', (_who, ctx, receives, marks) => {
    expect(receivesNews(ctx)).toBe(receives);
    expect(marksNewsSeen(ctx)).toBe(marks);
  });

  it.each([
    [null, 3],
    [100, 2],
    [200, 1],
    [300, 0],
  ] as const)('items after newsSeenDate %s: %s', (seen, count) => {
    expect(unseenNewsCount([{ date: 100 }, { date: 200 }, { date: 300 }], seen)).toBe(count);
  });

  it('sends the newest item’s date on close, nothing for no news', () => {
    expect(newsSeenDateOf([{ date: 300 }, { date: 100 }])).toBe(300);
    expect(newsSeenDateOf([])).toBeNull();
  });

  it.each([
    ['https://x.example/a', user, 'https://x.example/a?ref=7-3'],
    ['https://x.example/a?lang=fi', user, 'https://x.example/a?lang=fi&ref=7-3'],
    ['https://x.example/a#part', user, 'https://x.example/a?ref=7-3#part'],
    ['https://x.example/a', admin, 'https://x.example/a'],
    ['https://x.example/a', master, 'https://x.example/a'],
  ] as const)('%s for %j → %s', (link, ctx, expected) => {
    expect(newsLink(link, { ...ctx, uid: 7, itemId: 3 })).toBe(expected);
  });
});
