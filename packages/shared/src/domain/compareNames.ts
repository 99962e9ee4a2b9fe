/**
 * Names in the order a person expects: "Probe 2" before "Probe 10", case and accents aside. Every list
 * sorted by name (probes, storages, sites, vacant probes) uses this one order.
 */

let collator: Intl.Collator | null = null;

/**
 * The languages whose collation orders plain names (Latin letters, digits, spaces) as the root collation
 * does, so that compareSimpleNames gives the collator's answer for them: each checked against its
 * collator (packages/shared/test/compareNames.test.ts). Not Croatian ("nj" is one letter, after "n"),
 * Danish ("aa" is å), Czech ("ch" after "h"), Lithuanian ("y" by "i"), Turkish (I is dotless ı) and
 * the like: there the collator decides.
 */
export const ROOT_ORDER_LANGUAGES: readonly string[] = [
  'en',
  'de',
  'fr',
  'it',
  'nl',
  'es',
  'pt',
  'fi',
  'sv',
  'pl',
];

/**
 * The spaces and punctuation a plain name may hold, in the root collation's order: all of them before
 * the digits, the digits before the letters.
 */
const PUNCTUATION_ORDER = ' _-\u2013\u2014,;:!?.\u00b7\'"()[]{}@*/\\&#%`^+<=>|~$';
const DIGIT_WEIGHT = PUNCTUATION_ORDER.length;
const ZERO = 48;
const NINE = 57;
const isDigit = (c: number) => c >= ZERO && c <= NINE;

/** A character's place in the root collation at base strength (a letter's case aside), if it is plain. */
const WEIGHTS = new Map<number, number>([
  ...[...PUNCTUATION_ORDER].map((ch, i) => [ch.charCodeAt(0), i] as const),
  ...Array.from({ length: 10 }, (_, d) => [ZERO + d, DIGIT_WEIGHT] as const),
  ...Array.from({ length: 26 }, (_, k) => [65 + k, DIGIT_WEIGHT + 1 + k] as const),
  ...Array.from({ length: 26 }, (_, k) => [97 + k, DIGIT_WEIGHT + 1 + k] as const),
]);

/** At most as long as a name may sensibly be, of Latin letters, digits, spaces and common punctuation. */
function isPlainName(name: string): boolean {
  if (name.length > 100) return false;
  for (let i = 0; i < name.length; i++) if (!WEIGHTS.has(name.charCodeAt(i))) return false;
  return true;
}

/**
 * The browser's language, whose collation `new Intl.Collator(undefined)` uses. Node 21 and later have a
 * `navigator` too, whose language is the process's default locale, the collator's own: the server
 * orders plain names the same way then. Without one (Node 20) the collator always decides.
 */
function defaultLanguage(): string | undefined {
  const nav = (globalThis as { navigator?: { language?: string } }).navigator;
  return nav?.language?.split('-')[0]?.toLowerCase();
}

let simpleOrder: boolean | null = null;

/**
 * Made on first use, not on import: the first collator loads the collation data, tens of milliseconds
 * on a phone, in the middle of the first screen's drawing. Plain names in a language of
 * ROOT_ORDER_LANGUAGES are compared without it (most farms' probe names: "H1", "Stack 2 · bale 3").
 */
export function compareNames(a: string, b: string): number {
  simpleOrder ??= ROOT_ORDER_LANGUAGES.includes(defaultLanguage() ?? '');
  if (simpleOrder && isPlainName(a) && isPlainName(b)) return compareSimpleNames(a, b);
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}

/**
 * The root collation's answer (numeric, base strength) for two plain names (isPlainName): spaces and
 * punctuation in PUNCTUATION_ORDER before a number before a letter, letters alphabetical whatever their
 * case, a run of digits by its value (leading zeros aside), and a name before the longer names it begins.
 */
export function compareSimpleNames(a: string, b: string): -1 | 0 | 1 {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let aEnd = i;
      while (aEnd < a.length && isDigit(a.charCodeAt(aEnd))) aEnd++;
      let bEnd = j;
      while (bEnd < b.length && isDigit(b.charCodeAt(bEnd))) bEnd++;
      while (i < aEnd - 1 && a.charCodeAt(i) === ZERO) i++;
      while (j < bEnd - 1 && b.charCodeAt(j) === ZERO) j++;
      // The longer number (without its leading zeros) is the larger; of two as long, the first digit
      // that differs decides.
      if (aEnd - i !== bEnd - j) return aEnd - i < bEnd - j ? -1 : 1;
      for (; i < aEnd; i++, j++) {
        const d = a.charCodeAt(i) - b.charCodeAt(j);
        if (d !== 0) return d < 0 ? -1 : 1;
      }
      continue;
    }
    const wa = WEIGHTS.get(ca)!;
    const wb = WEIGHTS.get(cb)!;
    if (wa !== wb) return wa < wb ? -1 : 1;
    i++;
    j++;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}
