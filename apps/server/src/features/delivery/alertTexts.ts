import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import { celsiusToFahrenheit, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { ServerTexts } from '../translations/index.js';

/**
 * The words of alert messages (issue 12 item 3), one key each of serverAlerts.alert in the locale
 * files, which translators edit with the web app's texts (decision 0107). A message is worded when it
 * is written to the outbox, in the recipient's language and unit, so a retry sends the very same
 * text. `{name}` placeholders are filled by `fillPlaceholders`.
 */
export interface AlertWords {
  /** The probe and where: "probe {probe}, depth {depth}", or the average of its depths. */
  probeAtDepth: string;
  probeAverage: string;
  /** "{where} in {storage} is {temp}, above the limit {limit}." */
  above: string;
  below: string;
  /** A rise-rate alert: "… is {temp}: it rose {change} within {hours} h, more than {rate} an hour." */
  riseRate: string;
  /** A relative alert against the probe's own past ({ref} the lowest, or highest, of the window). */
  relRise: string;
  relFall: string;
  /** A relative alert against the other probes' average ({ref}). */
  relAbovePeers: string;
  relBelowPeers: string;
  reminder: string;
  /** The all-clear without a reading (reset, probe removed). */
  cleared: string;
  /** The all-clear with the value that ended the alert. */
  clearedAt: string;
  /** When the alert ended (the all-clear's time, beside `at` of the raise). */
  endedAt: string;
  at: string;
  replyOk: string;
  pressOne: string;
  voiceIntro: string;
  subjectRaise: string;
  subjectClear: string;
  openProbe: string;
  acknowledge: string;
  ackDone: string;
  ackNone: string;
  ackPageTitle: string;
  ackPageText: string;
  ackPageDone: string;
  ackPageInvalid: string;
  /** The page of a link past its time ({days}: how long links work). */
  ackPageExpired: string;
  /** Said under an invalid or expired link's title: it did nothing, and where to go instead. */
  ackPageNothing: string;
  ackPageOpenApp: string;
}

/**
 * The alert words of a language from the server texts (serverAlerts.alert in the locale files, as
 * translators last saved them; English for a language we do not have).
 */
export function wordsFor(texts: ServerTexts, language: string): AlertWords {
  return texts.group<AlertWords>(language, 'serverAlerts.alert');
}

/**
 * The first of the eight languages a browser's Accept-Language names ("fi-FI,fi;q=0.9,en;q=0.8" →
 * fi), by its weights; English without one. For pages shown to someone we cannot name yet (a link
 * that is not ours).
 */
export function acceptedLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0 && (LANGUAGES as readonly string[]).includes(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Language | undefined) ?? 'en';
}

/** Tenths of °C as the recipient reads them: one decimal in their unit. */
export function formatTemperature(tenthsC: number, unit: DegreesUnit, language: string): string {
  const c = tenthsC / 10;
  return `${oneDecimal(unit === 'F' ? celsiusToFahrenheit(c) : c, language)} °${unit}`;
}

/**
 * A difference of tenths of °C (a rise, a tolerance, a rate's degrees): converted without the
 * offset — a rise of 5 °C is one of 9 °F, not of 41 °F.
 */
export function formatDifference(tenthsC: number, unit: DegreesUnit, language: string): string {
  const c = tenthsC / 10;
  return `${oneDecimal(unit === 'F' ? c * 1.8 : c, language)} °${unit}`;
}

function oneDecimal(v: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
}

/**
 * A time in a message, in the recipient's language, in the given zone and naming it ("26/11/2026,
 * 12:05 EET", "26.11.2026 klo 12.05 UTC+2"): a farmer reading an SMS abroad, or an alarm centre in
 * another zone, must not have to guess which clock it is. The caller picks the zone (the station's,
 * else the account's); none, or one the runtime does not know, is UTC — said so.
 */
export function formatTime(epochS: number, timeZone: string | null, language: string): string {
  const opts: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...opts, timeZone: timeZone ?? 'UTC' }).format(epochS * 1000);
  } catch {
    return new Intl.DateTimeFormat(language, { ...opts, timeZone: 'UTC' }).format(epochS * 1000);
  }
}
