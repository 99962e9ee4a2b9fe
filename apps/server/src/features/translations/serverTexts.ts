import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import { SERVER_TEXT_NAMESPACES } from '@emberwatch/shared/domain/serverTextNamespaces';
import { bundledTexts, type BundledText } from './bundledLocales.js';

export { SERVER_TEXT_NAMESPACES };

/** Whether a translations row is one of the server's texts (its key starts with a server namespace). */
export function isServerTextKey(key: string): boolean {
  return SERVER_TEXT_NAMESPACES.some((ns) => key.startsWith(`${ns}.`));
}

/** locale → dotted key → text. */
export type TextTable = ReadonlyMap<string, ReadonlyMap<string, string>>;

const PLACEHOLDER = /\{(\w+)\}/g;

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

function tableOf(rows: Iterable<{ locale: string; key: string; text: string }>): TextTable {
  const table = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let texts = table.get(r.locale);
    if (!texts) table.set(r.locale, (texts = new Map<string, string>()));
    texts.set(r.key, r.text);
  }
  return table;
}

/**
 * One moment's server texts: what translators saved (the translations table), over the texts bundled
 * with the server. Immutable, so the words a message is written with are looked up once per snapshot
 * and language (`group` is memoised), and a pure planner can word any number of messages with it.
 *
 * A text is, in order: the stored text of the language, the bundled text of the language, the stored
 * English, the bundled English, and last the key itself (a missing text shows, it does not vanish).
 * A stored text is skipped when it is empty or lost a `{placeholder}` of the bundled English: a
 * translator's slip must not send an alert without its temperature.
 */
export class ServerTexts {
  private readonly groups = new Map<string, unknown>();

  constructor(
    private readonly stored: TextTable,
    private readonly bundled: TextTable,
  ) {}

  /** The text of a key in a language (one of the eight; English for any other). */
  raw(language: string, key: string): string {
    const lang = (LANGUAGES as readonly string[]).includes(language) ? language : 'en';
    const english = this.bundled.get('en')?.get(key);
    const usable = (text: string | undefined): text is string =>
      text !== undefined &&
      text.trim() !== '' &&
      (english === undefined || placeholdersOf(english).every((p) => text.includes(`{${p}}`)));
    const stored = this.stored.get(lang)?.get(key);
    if (usable(stored)) return stored;
    const bundled = this.bundled.get(lang)?.get(key);
    if (bundled !== undefined) return bundled;
    const storedEn = this.stored.get('en')?.get(key);
    if (usable(storedEn)) return storedEn;
    return english ?? key;
  }

  /** The text with its `{name}` placeholders filled (fillPlaceholders). */
  text(language: string, key: string, params: Record<string, string | number> = {}): string {
    return fillPlaceholders(this.raw(language, key), params);
  }

  /**
   * Every text below a prefix as the nested object the bundled English file has there
   * ("serverAlerts.alert" → { above, below, … }), each in the language: the typed words object a
   * feature's wording functions take. Built once per snapshot, language and prefix.
   */
  group<T>(language: string, prefix: string): T {
    const memo = `${language}\u0000${prefix}`;
    const known = this.groups.get(memo);
    if (known !== undefined) return known as T;
    const out: Record<string, unknown> = {};
    for (const key of this.bundled.get('en')?.keys() ?? []) {
      if (!key.startsWith(`${prefix}.`)) continue;
      const path = key.slice(prefix.length + 1).split('.');
      let node = out;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]!] = this.raw(language, key);
    }
    this.groups.set(memo, out);
    return out as T;
  }
}

let bundledTable: TextTable | undefined;

/** The server texts bundled with the server (the locale files of SERVER_TEXT_NAMESPACES). */
export function bundledServerTextTable(texts?: BundledText[]): TextTable {
  if (texts) return tableOf(texts.filter((t) => isServerTextKey(t.key)));
  return (bundledTable ??= tableOf(bundledTexts().filter((t) => isServerTextKey(t.key))));
}

/** The bundled texts alone, as nothing was saved: for pure wording and its tests. */
export function bundledServerTexts(): ServerTexts {
  return new ServerTexts(new Map(), bundledServerTextTable());
}

export function serverTextsOf(
  stored: Iterable<{ locale: string; key: string; text: string }>,
  bundled: TextTable = bundledServerTextTable(),
): ServerTexts {
  return new ServerTexts(tableOf(stored), bundled);
}
