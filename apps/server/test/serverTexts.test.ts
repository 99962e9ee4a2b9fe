import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import { readLocaleFiles } from '../src/features/translations/bundledLocales.js';
import { bundledServerTextTable, serverTextsOf } from '../src/features/translations/serverTexts.js';
import { bundledServerTexts, SERVER_TEXT_NAMESPACES } from '../src/features/translations/index.js';

const SRC = join(import.meta.dirname, '../src');

function flatten(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, String(value));
  return out;
}

/** Every server text of a language, from its locale files: dotted key → text. */
function serverTextsIn(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readLocaleFiles())
    if (f.locale === language && (SERVER_TEXT_NAMESPACES as readonly string[]).includes(f.category))
      flatten(f.content, '', out);
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the server texts in the locale files (decision 0107)', () => {
  const en = serverTextsIn('en');

  it('are there, in English, in every server namespace', () => {
    for (const ns of SERVER_TEXT_NAMESPACES)
      expect([...en.keys()].filter((k) => k.startsWith(`${ns}.`)).length, ns).toBeGreaterThan(3);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key of English, none empty, with the same {placeholders}',
    (language) => {
      const texts = serverTextsIn(language);
      expect([...texts.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of texts) {
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
        expect({ key, placeholders: placeholders(text) }).toEqual({
          key,
          placeholders: placeholders(en.get(key)!),
        });
      }
    },
  );

  it('hold every key and group the server code asks for', () => {
    const asked = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/'(server[A-Z]\w*(?:\.[\w.]+)?)'/g))
        if (SERVER_TEXT_NAMESPACES.some((ns) => m[1] === ns || m[1]!.startsWith(`${ns}.`))) asked.add(m[1]!);
    }
    expect(asked.size).toBeGreaterThan(5);
    const missing = [...asked].filter(
      (k) => !en.has(k) && ![...en.keys()].some((e) => e.startsWith(`${k}.`)),
    );
    expect(missing).toEqual([]);
  });
});

describe('a snapshot of the server texts', () => {
  const bundled = bundledServerTextTable();
  const KEY = 'serverAlerts.alert.above';
  const english = bundled.get('en')!.get(KEY)!;
  const finnish = bundled.get('fi')!.get(KEY)!;
  const saved = (rows: [string, string, string][]) =>
    serverTextsOf(
      rows.map(([locale, key, text]) => ({ locale, key, text })),
      bundled,
    );

  it('words with what a translator saved, over the bundled text', () => {
    const t = saved([['fi', KEY, 'HÄLYTYS {where} {storage} {temp} {limit}']]);
    expect(t.text('fi', KEY, { where: 'a', storage: 'b', temp: 'c', limit: 'd' })).toBe('HÄLYTYS a b c d');
    expect(t.raw('en', KEY)).toBe(english);
  });

  it.each([
    ['a language we do not have: English', [], 'sv', english],
    [
      'a stored text that lost a placeholder: the bundled one',
      [['fi', KEY, 'HÄLYTYS {where}']],
      'fi',
      finnish,
    ],
    ['an empty stored text: the bundled one', [['fi', KEY, '  ']], 'fi', finnish],
    [
      'a stored English for a language whose own rows are gone (a renamed key): the bundled language first',
      [['en', KEY, 'ALERT {where} {storage} {temp} {limit}']],
      'fi',
      finnish,
    ],
  ] as [string, [string, string, string][], string, string][])('falls back for %s', (_, rows, lang, want) => {
    expect(saved(rows).raw(lang, KEY)).toBe(want);
  });

  it('falls back to the stored English, then the bundled English, then the key, for a key only English has', () => {
    const onlyEn = new Map([['en', new Map([['serverAlerts.extra', 'Extra {n}']])]]);
    expect(serverTextsOf([], onlyEn).raw('fi', 'serverAlerts.extra')).toBe('Extra {n}');
    expect(
      serverTextsOf([{ locale: 'en', key: 'serverAlerts.extra', text: 'More {n}' }], onlyEn).raw(
        'fi',
        'serverAlerts.extra',
      ),
    ).toBe('More {n}');
    expect(serverTextsOf([], onlyEn).raw('fi', 'serverAlerts.nothing')).toBe('serverAlerts.nothing');
  });

  it('builds a group as the nested object of the English file, once per language', () => {
    const t = bundledServerTexts();
    const words = t.group<{ channels: { sms: string } }>('de', 'serverAlerts.notice');
    expect(words.channels.sms).toBe('SMS');
    expect(t.group('de', 'serverAlerts.notice')).toBe(words);
  });
});
