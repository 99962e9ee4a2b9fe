import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from '../src/lib/dayText';

// Spec doc 1 §9: the date formats a user may choose.
describe('formatDay shows a day in the user’s date format', () => {
  const rows: Array<[string, string, string]> = [
    ['2026-03-01', 'dd/MM/yyyy', '01/03/2026'],
    ['2026-03-01', 'd/M/yyyy', '1/3/2026'],
    ['2026-03-01', 'd.M.yyyy', '1.3.2026'],
    ['2026-03-01', 'MM/dd/yyyy', '03/01/2026'],
    ['2026-03-01', 'M/d/yyyy', '3/1/2026'],
    ['2026-11-23', 'no such pattern', '23.11.2026'],
    ['not a day', 'dd/MM/yyyy', ''],
  ];
  it.each(rows)('%s in %s is "%s"', (iso, pattern, text) => {
    expect(formatDay(iso, pattern)).toBe(text);
  });
});

describe('parseDay reads a day typed in the user’s date format', () => {
  const rows: Array<[string, string, string | null]> = [
    ['01/03/2026', 'dd/MM/yyyy', '2026-03-01'],
    ['1/3/2026', 'dd/MM/yyyy', '2026-03-01'],
    ['1.3.2026', 'dd/MM/yyyy', '2026-03-01'],
    [' 23 / 11 / 2026 ', 'dd/MM/yyyy', '2026-11-23'],
    ['23.11.2026', 'd.M.yyyy', '2026-11-23'],
    ['23-11-2026', 'd.M.yyyy', '2026-11-23'],
    ['11/23/2026', 'MM/dd/yyyy', '2026-11-23'],
    ['3/1/2026', 'M/d/yyyy', '2026-03-01'],
    ['23/11/2026', 'MM/dd/yyyy', null],
    ['31/02/2026', 'dd/MM/yyyy', null],
    ['23/11/26', 'dd/MM/yyyy', null],
    ['2026-11-23', 'dd/MM/yyyy', null],
    ['', 'dd/MM/yyyy', null],
    ['tomorrow', 'dd/MM/yyyy', null],
  ];
  it.each(rows)('"%s" in %s is %s', (text, pattern, iso) => {
    expect(parseDay(text, pattern)).toBe(iso);
  });

  it('reads back every format it writes', () => {
    for (const pattern of ['dd/MM/yyyy', 'd/M/yyyy', 'd.M.yyyy', 'MM/dd/yyyy', 'M/d/yyyy'])
      expect(parseDay(formatDay('2026-12-09', pattern), pattern)).toBe('2026-12-09');
  });
});
