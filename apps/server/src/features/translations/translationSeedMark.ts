import { createHash } from 'node:crypto';
import type { Engine } from '../../db/engine.js';
import { migrations } from '../../db/migrations/index.js';
import type { BundledText } from './bundledLocales.js';

const digests = new WeakMap<readonly BundledText[], string>();

/**
 * What a seed of `texts` into a store of `engine` is marked with (decision 0163): a digest of every
 * locale, key, text and category, and the number of the schema's migrations — a migration added later
 * changes the mark, so a store it touched is seeded again whatever it did to the rows. The build's
 * texts are one array for the life of the process: hashed once.
 */
export function translationSeedMark(texts: readonly BundledText[], engine: Engine): string {
  let digest = digests.get(texts);
  if (digest === undefined) {
    const hash = createHash('sha256');
    // NUL cannot occur in a key or a text of the locale files: each field ends unambiguously.
    for (const t of texts) hash.update(`${t.locale}\0${t.key}\0${t.text}\0${t.category}\0`);
    digest = hash.digest('base64url');
    digests.set(texts, digest);
  }
  return `${digest} ${Object.keys(migrations(engine)).length}`;
}
