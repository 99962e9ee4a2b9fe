/**
 * The wall clock of a place: the fan scheduler's hours and the cycles of a cyclic rule are the
 * farmer's local hours (the base station's time zone), not UTC, so that "no fans 22–6" stays 22–6
 * across daylight-saving changes.
 */
export interface LocalClock {
  /** 0 Monday … 6 Sunday (the scheduler's disabledHours are Monday first). */
  weekday: number;
  /** 0–23 local hour. */
  hour: number;
  /** Minutes since local midnight, 0–1439. */
  minuteOfDay: number;
  /** Seconds into the current local minute. */
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the IANA zone (a station's stored zone may be anything). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local clock at epoch second `tsS` in `timeZone`; an unknown or missing zone reads UTC. */
export function localClock(tsS: number, timeZone: string | null | undefined): LocalClock {
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = formatterOf(zone).formatToParts(new Date(tsS * 1000));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(get('hour')) % 24;
  const minute = Number(get('minute'));
  return {
    weekday: Math.max(0, WEEKDAYS.indexOf(get('weekday'))),
    hour,
    minuteOfDay: hour * 60 + minute,
    second: Number(get('second')),
  };
}
