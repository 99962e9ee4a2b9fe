import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One locale file of the web app: locales/<locale>/<category>.json, as its JSON content. */
export interface BundledLocaleFile {
  locale: string;
  /** The file's feature name (common, probeDetail, settings …); becomes the rows' category. */
  category: string;
  content: unknown;
}

/** A bundled text, flattened to its dotted key ("login.title"). */
export interface BundledText {
  locale: string;
  key: string;
  text: string;
  category: string;
}

/**
 * The built server carries the locale files in itself: build.mjs reads them at build time and
 * esbuild's `define` replaces this identifier with their JSON. From source (tests, tsx) it is
 * undefined and the files are read from the web app's source tree instead. A deployment therefore
 * never needs apps/web/src.
 */
declare const __EMBERWATCH_BUNDLED_LOCALES__: BundledLocaleFile[] | undefined;

export const WEB_LOCALES_DIR = resolve(import.meta.dirname, '../../../../web/src/i18n/locales');

/** Reads every locales/<locale>/<category>.json below dir (the same discovery build.mjs does). */
export function readLocaleFiles(dir: string = WEB_LOCALES_DIR): BundledLocaleFile[] {
  const files: BundledLocaleFile[] = [];
  for (const locale of readdirSync(dir).sort()) {
    for (const file of readdirSync(join(dir, locale)).sort()) {
      if (!file.endsWith('.json')) continue;
      const content: unknown = JSON.parse(readFileSync(join(dir, locale, file), 'utf8'));
      files.push({ locale, category: file.slice(0, -'.json'.length), content });
    }
  }
  return files;
}

export function bundledLocaleFiles(): BundledLocaleFile[] {
  return typeof __EMBERWATCH_BUNDLED_LOCALES__ !== 'undefined'
    ? __EMBERWATCH_BUNDLED_LOCALES__
    : readLocaleFiles();
}

function flatten(value: unknown, prefix: string, out: Record<string, string>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = String(value);
  }
}

/** The build's texts, flattened once: they cannot change while the process runs. */
let buildTexts: readonly BundledText[] | undefined;

/**
 * Every bundled text as one row per (locale, dotted key): the build's own when no files are given (the
 * same array on every call; 24,608 rows, read by every start's seed and the translation page's checks).
 */
export function bundledTexts(files?: BundledLocaleFile[]): readonly BundledText[] {
  if (!files) return (buildTexts ??= flattenTexts(bundledLocaleFiles()));
  return flattenTexts(files);
}

function flattenTexts(files: BundledLocaleFile[]): BundledText[] {
  const rows: BundledText[] = [];
  for (const f of files) {
    const flat: Record<string, string> = {};
    flatten(f.content, '', flat);
    for (const [key, text] of Object.entries(flat))
      rows.push({ locale: f.locale, key, text, category: f.category });
  }
  return rows;
}
