import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareNames, compareSimpleNames, ROOT_ORDER_LANGUAGES } from '../src/domain/compareNames.js';

describe('names in a person’s order', () => {
  it.each([
    ['Probe 2', 'Probe 10', -1],
    ['Probe 10', 'Probe 2', 1],
    ['barn', 'Barn', 0],
    ['Écurie', 'ecurie', 0],
    ['Alpha', 'Beta', -1],
  ])('%s against %s: %i', (a, b, sign) => {
    expect(Math.sign(compareNames(a, b))).toBe(sign);
  });
});

/**
 * A name of the plain kind: letters of both cases, digits (runs with leading zeros), spaces and
 * punctuation, and the letter pairs some languages collate as one letter.
 */
const PLAIN_PARTS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...[' ', '0', '00', '1', '2', '9', '10', '007', '12'],
  ...['aa', 'ch', 'nj', 'lj', 'dz', 'cs', 'sz', 'ij', 'll', 'Ch', 'AA'],
  ...' _-\u2013\u2014,;:!?.\u00b7\'"()[]{}@*/\\&#%`^+<=>|~$',
];
function plainName(random: () => number): string {
  const parts = PLAIN_PARTS;
  const length = Math.floor(random() * 7);
  let name = '';
  for (let k = 0; k < length; k++) name += parts[Math.floor(random() * parts.length)];
  return name;
}

/** A small deterministic generator, so that a failing pair is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('plain names compared without the collator (its data costs a phone tens of ms at start)', () => {
  it.each([
    ['H2', 'H10', -1],
    ['H010', 'H10', 0],
    ['h1', 'H1', 0],
    ['Heu 9', 'Heu 10', -1],
    ['a b', 'ab', -1],
    ['a', 'a ', -1],
    ['Stack 1 \u00b7 bale 2', 'Stack 1 \u00b7 bale 10', -1],
    ['a-b', 'a b', 1],
    ['a.b', 'a\u00b7b', -1],
    ['$', '0', -1],
    ['1', 'a', -1],
    [' ', '0', -1],
    ['', '', 0],
    ['99999999999999999999', '100000000000000000000', -1],
  ])('%j against %j: %i', (a, b, sign) => {
    expect(compareSimpleNames(a, b)).toBe(sign);
  });

  it.each(ROOT_ORDER_LANGUAGES)('gives the collator’s answer in %s for 20,000 random pairs', (language) => {
    const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    const random = seeded(language.charCodeAt(0) * 31 + language.charCodeAt(1));
    const differ: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      const a = plainName(random);
      const b = plainName(random);
      if (compareSimpleNames(a, b) !== Math.sign(collator.compare(a, b))) differ.push(`${a}|${b}`);
    }
    expect(differ).toEqual([]);
  });

  it.each([
    ['hr', 'nj', 'nz'],
    ['da', 'aa', 'z'],
    ['cs', 'ch', 'hz'],
    ['lt', 'y', 'j'],
    ['tr', 'I', 'i'],
  ])('is not used in %s, whose collator orders %j and %j otherwise', (language, a, b) => {
    expect(ROOT_ORDER_LANGUAGES).not.toContain(language);
    const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    expect(Math.sign(collator.compare(a, b))).not.toBe(compareSimpleNames(a, b));
  });
});

describe('which comparison compareNames takes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /**
   * compareNames as a page loads it, in a browser of `language`, collators counted. `undefined`: a
   * runtime without `navigator` (Node before 21); Node 21 and later have one whose language is the
   * process's own, the one its collator uses.
   */
  async function freshCompareNames(language: string | undefined) {
    vi.resetModules();
    vi.stubGlobal('navigator', language ? { language } : undefined);
    const Real = Intl.Collator;
    const made = { count: 0 };
    vi.stubGlobal('Intl', {
      ...Intl,
      Collator: function Counted(...args: ConstructorParameters<typeof Intl.Collator>) {
        made.count++;
        return new Real(...args);
      },
    });
    const { compareNames: fresh } = await import('../src/domain/compareNames.js');
    return { fresh, made };
  }

  it('a browser in English sorts plain names without making a collator', async () => {
    const { fresh, made } = await freshCompareNames('en-GB');
    expect(['H10', 'h2', 'H1'].sort(fresh)).toEqual(['H1', 'h2', 'H10']);
    expect(made.count).toBe(0);
  });

  it('a name with another character, a browser in Croatian, or a runtime without navigator, ask the collator', async () => {
    for (const [language, a, b] of [
      ['en-US', 'Süd', 'Nord'],
      ['en-US', 'Heu\u00a0Nord', 'Heu Süd'],
      ['hr', 'H1', 'H2'],
      [undefined, 'H1', 'H2'],
    ] as const) {
      const { fresh, made } = await freshCompareNames(language);
      expect(fresh(a, b), String(language)).toBe(Math.sign(a.localeCompare(b)));
      expect(made.count, String(language)).toBe(1);
      vi.unstubAllGlobals();
    }
  });
});
