import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import { readCookie } from '../lib/cookies';

/** The cookie that carries the language choice to the login page (spec doc 1 §4). */
export const LANGUAGE_COOKIE = 'lang';

export function supportedLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null;
}

/**
 * Language before login: the `lang` cookie, then the browser's preferred languages, then en
 * (spec doc 1 §9: default language en; unsupported values fall back to en).
 */
export function detectLanguage(cookieString: string, browserLanguages: readonly string[]): Language {
  const fromCookie = supportedLanguage(readCookie(cookieString, LANGUAGE_COOKIE));
  if (fromCookie) return fromCookie;
  for (const l of browserLanguages) {
    const lang = supportedLanguage(l);
    if (lang) return lang;
  }
  return 'en';
}
