import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { DATE_FORMATS, TIME_FORMATS } from '@emberwatch/shared/contracts/preferences';
import { formatDate } from '../src/lib/formatDate';
import { formatDateTime } from '../src/lib/formatDateTime';

// Dates through the shared formatter read as date-fns wrote them on the browser's clock, so every
// page keeps its text; a zone puts them on a place's clock (decision 0079).
describe('the web’s date formatting', () => {
  const times = [0, 1_772_716_020, 1_782_948_600, 1_767_225_900, 1_767_268_800];
  it.each(DATE_FORMATS.flatMap((d) => TIME_FORMATS.map((t) => [d, t] as const)))(
    '%s %s on the browser’s clock reads as date-fns writes it',
    (dateFormat, timeFormat) => {
      for (const ts of times) {
        expect(formatDateTime(ts, dateFormat, timeFormat)).toBe(
          format(new Date(ts * 1000), `${dateFormat} ${timeFormat}`),
        );
        expect(formatDate(ts, dateFormat)).toBe(format(new Date(ts * 1000), dateFormat));
      }
    },
  );

  it('writes a place’s clock when given its zone', () => {
    // 2026-03-05 13:07 UTC is 14:07 in Amsterdam.
    expect(formatDateTime(1_772_716_020, 'd.M.yyyy', 'HH:mm', 'Europe/Amsterdam')).toBe('5.3.2026 14:07');
    expect(formatDate(1_782_948_600, 'dd/MM/yyyy', 'Europe/Amsterdam')).toBe('02/07/2026');
  });
});
