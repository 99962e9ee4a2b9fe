import { afterEach, describe, expect, it } from 'vitest';
import { setReaderTimeZone } from '@emberwatch/shared/domain/wallClock';
import { readerDayStart, readerToday } from '../src/features/probe-detail/readerDays';

// The Data tab's days on the reader's clock (decision 0174): a page the server draws for a reader in
// another zone than the server's asks for the same range, and shows the same today, as the browser.

const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
const at = (iso: string) => Date.parse(iso) / 1000;

afterEach(() => setReaderTimeZone(null));

describe('the reader’s today', () => {
  it.each([
    ['Europe/Helsinki', '2026-12-04T21:59:00Z', '2026-12-04'],
    ['Europe/Helsinki', '2026-12-04T22:00:00Z', '2026-12-05'],
    ['America/New_York', '2026-12-05T04:59:00Z', '2026-12-04'],
    ['Pacific/Kiritimati', '2026-12-04T10:00:00Z', '2026-12-05'],
    ['UTC', '2026-12-04T23:59:00Z', '2026-12-04'],
  ])('in %s at %s is %s', (zone, now, today) => {
    setReaderTimeZone(zone);
    expect(readerToday(Date.parse(now))).toBe(dayOf(today));
  });

  it('is the runtime’s own without a reader’s zone (the browser)', () => {
    const now = new Date(2026, 11, 4, 23, 30);
    expect(readerToday(now.getTime())).toBe(dayOf('2026-12-04'));
  });
});

describe('the reader’s midnight', () => {
  it.each([
    ['Europe/Helsinki', '2026-12-05', '2026-12-04T22:00:00Z'],
    ['Europe/Helsinki', '2026-07-01', '2026-06-30T21:00:00Z'],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00Z'],
    ['America/New_York', '2026-03-09', '2026-03-09T04:00:00Z'],
    ['UTC', '2026-12-05', '2026-12-05T00:00:00Z'],
  ])('in %s of %s is %s', (zone, day, midnight) => {
    setReaderTimeZone(zone);
    expect(readerDayStart(dayOf(day))).toBe(at(midnight));
  });

  it('is the runtime’s own without a reader’s zone (the browser)', () => {
    expect(readerDayStart(dayOf('2026-12-05'))).toBe(new Date(2026, 11, 5).getTime() / 1000);
  });
});
