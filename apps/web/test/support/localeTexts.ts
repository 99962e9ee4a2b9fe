import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import type { TranslationsResponse } from '@emberwatch/shared/contracts/translations';

type LocaleModule = { default: Record<string, unknown> };
const files = import.meta.glob<LocaleModule>('../../src/i18n/locales/*/*.json', { eager: true });

function flatten(obj: Record<string, unknown>, prefix: string, out: [string, string][]): void {
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'object' && v !== null) flatten(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else out.push([`${prefix}${k}`, String(v)]);
  }
}

/** What the server answers for a locale after seeding from the bundled files (unsupported → en). */
export function localeTexts(asked: string | null): TranslationsResponse {
  const locale = (LANGUAGES as readonly string[]).includes(asked ?? '')
    ? (asked as (typeof LANGUAGES)[number])
    : 'en';
  const results: [string, string][] = [];
  for (const [path, mod] of Object.entries(files))
    if (path.includes(`/locales/${locale}/`)) flatten(mod.default, '', results);
  return { status_code: 0, locale, results, supported_languages: [...LANGUAGES] };
}
