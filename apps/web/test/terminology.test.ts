import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';

const localeDir = join(__dirname, '../src/i18n/locales');

/**
 * One word per language for the thing pushed into a stack (docs/decisions/0012): `term` is the word,
 * `not` the words a translation must not mix in beside it.
 */
const TERMS: Record<Language, { term: RegExp; not: RegExp }> = {
  en: { term: /\bprobes?\b/i, not: /\bsensors?\b/i },
  de: { term: /sonde/i, not: /sensor/i },
  fr: { term: /\bsondes?\b/i, not: /capteur|senseur/i },
  es: { term: /\bsondas?\b/i, not: /sensor/i },
  it: { term: /\bsond[ae]\b/i, not: /sensor/i },
  hr: { term: /\bsond/i, not: /senzor/i },
  nl: { term: /sonde/i, not: /sensor/i },
  fi: { term: /anturi/i, not: /sensori|luotain/i },
};

function texts(obj: unknown, prefix = ''): [string, string][] {
  if (typeof obj === 'string') return [[prefix, obj]];
  if (typeof obj !== 'object' || obj === null) return [];
  return Object.entries(obj).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

/** Every text of a language, keyed "file:dotted.key". */
function localeTexts(lang: string): [string, string][] {
  const dir = join(localeDir, lang);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      texts(JSON.parse(readFileSync(join(dir, f), 'utf8'))).map(([k, v]): [string, string] => [
        `${f}:${k}`,
        v,
      ]),
    );
}

describe('one word for a probe in each language', () => {
  it.each(LANGUAGES)('%s uses its chosen word and never mixes in another', (lang) => {
    const all = localeTexts(lang);
    const mixed = all
      .filter(([, text]) => TERMS[lang].not.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(mixed).toEqual([]);
    const menuProbes = all.find(([key]) => key === 'common.json:menu.entries.probes')?.[1] ?? '';
    expect(menuProbes).toMatch(TERMS[lang].term);
  });
});
