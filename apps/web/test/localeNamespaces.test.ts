import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
  it("types every namespace but the shell's common in exactly one feature's locale.ts", () => {
    const namespaces = readdirSync(english)
      .filter((f) => f.endsWith('.json') && f !== 'common.json')
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    const declared = declaredNamespaces();
    expect([...declared.keys()].sort()).toEqual(namespaces);
    const twice = [...declared].filter(([, owners]) => owners.length > 1);
    expect(twice).toEqual([]);
  });
});
