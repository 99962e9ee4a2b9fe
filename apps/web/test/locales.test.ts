import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import { MENU_ENTRIES } from '@emberwatch/shared/domain/roles';

const localeDir = join(__dirname, '../src/i18n/locales');
const srcDir = join(__dirname, '../src');

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'object' && v !== null)
      Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}

/** Every file of a language (locales/<lang>/<feature>.json), merged and flattened to dotted keys. */
function localeOf(lang: string): Record<string, string> {
  const dir = join(localeDir, lang);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => flatten(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>)),
  ) as Record<string, string>;
}

const locales = Object.fromEntries(LANGUAGES.map((l) => [l, localeOf(l)]));
const en = locales.en ?? {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('locale files', () => {
  it('exist for exactly the 8 supported languages', () => {
    const dirs = readdirSync(localeDir).sort();
    expect(dirs).toEqual([...LANGUAGES].sort());
  });

  it('split every language into the same feature files', () => {
    const files = (lang: string) => readdirSync(join(localeDir, lang)).sort();
    for (const lang of LANGUAGES) expect(files(lang)).toEqual(files('en'));
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s holds exactly the same keys as English', (lang) => {
    expect(Object.keys(locales[lang] ?? {}).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is a real translation, not a copy of English', (lang) => {
    const values = locales[lang] ?? {};
    const copied = Object.keys(en).filter((k) => values[k] === en[k]);
    // Brand names, units and "Signal"-like cognates may match; most texts must not.
    expect(copied.length / Object.keys(en).length).toBeLessThan(0.15);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s keeps every {{placeholder}} of the English text',
    (lang) => {
      const values = locales[lang] ?? {};
      for (const [key, text] of Object.entries(en)) {
        const wanted = (text.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect({ key, placeholders: (values[key]?.match(/\{\{\w+\}\}/g) ?? []).sort() }).toEqual({
          key,
          placeholders: wanted,
        });
      }
    },
  );

  it('has no empty texts', () => {
    for (const lang of LANGUAGES)
      for (const [key, v] of Object.entries(locales[lang] ?? {}))
        expect({ lang, key, empty: v.trim() === '' }).toEqual({ lang, key, empty: false });
  });

  it('holds every key the code asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) if (m[1]) used.add(m[1]);
    }
    // Keys built at run time: one per side-menu entry and per age unit.
    for (const entry of MENU_ENTRIES) used.add(`menu.entries.${entry}`);
    for (const unit of ['min', 'h', 'd']) used.add(`age.${unit}`);
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
  });

  it('shows the spec texts word for word in English', () => {
    expect(en['stations.selectPlaceholder']).toBe('Select a BS');
    expect(en['errors.generic']).toBe('Oops - an error occured.');
    expect(en['login.username']).toBe('Username');
    expect(en['login.password']).toBe('Password');
    expect(en['login.submit']).toBe('Log in');
  });
});
