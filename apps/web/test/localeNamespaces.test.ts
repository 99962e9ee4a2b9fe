import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXT_NAMESPACES } from '@emberwatch/shared/domain/serverTextNamespaces';

const english = join(__dirname, '../src/i18n/locales/en');
const features = join(__dirname, '../src/features');

/** The namespaces each feature's locale.ts types (its `locales/en/<ns>.json` imports). */
function declaredNamespaces(): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const feature of readdirSync(features)) {
    const file = join(features, feature, 'locale.ts');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/locales\/en\/(\w+)\.json'/g))
      declared.set(m[1]!, [...(declared.get(m[1]!) ?? []), feature]);
  }
  return declared;
}

describe('locale namespaces: each belongs to one feature, which declares it', () => {
  it("types every namespace but the shell's common and the server's own in exactly one feature's locale.ts", () => {
    const server = new Set<string>(SERVER_TEXT_NAMESPACES);
    const namespaces = readdirSync(english)
      .filter((f) => f.endsWith('.json') && f !== 'common.json' && !server.has(f.replace(/\.json$/, '')))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    const declared = declaredNamespaces();
    expect([...declared.keys()].sort()).toEqual(namespaces);
    const twice = [...declared].filter(([, owners]) => owners.length > 1);
    expect(twice).toEqual([]);
  });

  // Decision 0107: the server's texts sit here so translators edit them with the rest; no page shows them.
  it('keeps the server texts out of the web features, one file each, keyed by its namespace', () => {
    const declared = declaredNamespaces();
    for (const ns of SERVER_TEXT_NAMESPACES) {
      // i18n.ts leaves server*.json out of the browser's English by that name.
      expect(ns).toMatch(/^server[A-Z]/);
      expect({ ns, declaredBy: declared.get(ns) ?? [] }).toEqual({ ns, declaredBy: [] });
      const content = JSON.parse(readFileSync(join(english, `${ns}.json`), 'utf8')) as object;
      expect(Object.keys(content)).toEqual([ns]);
    }
  });
});
