/**
 * A place's wall clock (decision 0079): what a clock in `timeZone` reads at an epoch second, and
 * back, for times shown and typed on a batch's station's clock. A null or unknown zone is the
 * runtime's own (the browser's).
 */

/** A wall clock reading: month 1–12, hour 0–23. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone a null zone means where the runtime's own is not the reader's: a page drawn on a server for a
 * browser (decision 0174) is drawn on that browser's zone. Null: the runtime's own.
 */
let readerZone: string | null = null;

/** Sets the zone a null zone means (a server render, one at a time); null puts back the runtime's own. */
export function setReaderTimeZone(timeZone: string | null): void {
  readerZone = timeZone;
}

function formatterOf(timeZone: string | null): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(key, f);
  }
  return f;
}

/** The zone when the runtime knows it (a stored zone may be anything), else null. */
export function knownTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return null;
  }
}

/**
 * The wall clock at epoch second `tsS` in `timeZone`; null or an unknown zone reads the runtime's
 * own zone.
 */
export function wallClockIn(tsS: number, timeZone: string | null | undefined): WallClock {
  const zone = knownTimeZone(timeZone ?? readerZone);
  if (zone === null) {
    // The runtime's own clock needs no formatter: the first Intl.DateTimeFormat costs a phone tens of
    // milliseconds (it loads the locale's date data), and the probe list writes a time on every row.
    const d = new Date(tsS * 1000);
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
    };
  }
  const parts = formatterOf(zone).formatToParts(new Date(tsS * 1000));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
  };
}

/**
 * The epoch second at which `timeZone`'s wall clock reads `c` (a time typed for that place); a wall
 * time that a daylight-saving change skips reads as that many minutes later, one it repeats as its
 * first occurrence.
 */
export function epochOfWallClock(c: WallClock, timeZone: string | null | undefined): number {
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) / 1000;
  const offsetAt = (tsS: number) => {
    const w = wallClockIn(tsS, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) / 1000 - Math.floor(tsS / 60) * 60;
  };
  // The zone's offsets a day either side: one, or the two around a daylight-saving change.
  const before = offsetAt(asUtc - 86_400);
  const after = offsetAt(asUtc + 86_400);
  const same = (tsS: number) => {
    const w = wallClockIn(tsS, timeZone);
    return (
      w.year === c.year &&
      w.month === c.month &&
      w.day === c.day &&
      w.hour === c.hour &&
      w.minute === c.minute
    );
  };
  const matching = [asUtc - before, asUtc - after].filter(same);
  return matching.length > 0 ? Math.min(...matching) : asUtc - before;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The value of an `<input type="datetime-local">` showing `tsS` on `timeZone`'s wall clock. */
export function dateTimeInputIn(tsS: number, timeZone: string | null | undefined): string {
  const c = wallClockIn(tsS, timeZone);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}T${pad2(c.hour)}:${pad2(c.minute)}`;
}

/** The wall clock an `<input type="datetime-local">` holds ("2026-03-29T14:05"); null when it holds none. */
export function parseDateTimeInput(value: string): WallClock | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}
