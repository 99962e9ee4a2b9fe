import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@emberwatch/shared';
import en from './locales/en.json';
import { supportedLanguage, LANGUAGE_COOKIE } from './detectLanguage';
import { writeCookie } from '../lib/cookies';

/**
 * English ships in the entry bundle as the fallback; every other locale is its own small chunk
 * loaded on demand, so a user downloads only the language they read.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // React escapes text itself; escaping here too would show "&amp;" to the user.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const load = loaders[`./locales/${lang}.json`];
  if (!load) return;
  const mod = await load();
  i18n.addResourceBundle(lang, 'translation', mod.default, true, true);
}

/** Switches the interface language; unknown values fall back to en. */
export async function changeLanguage(
  value: string | null | undefined,
  options: { remember?: boolean } = {},
): Promise<Language> {
  const lang = supportedLanguage(value) ?? 'en';
  try {
    await ensureLoaded(lang);
  } catch {
    // A chunk that fails to load (offline, new deploy) must not break the app: stay readable in English.
    await i18n.changeLanguage('en');
    return 'en';
  }
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (options.remember) writeCookie(LANGUAGE_COOKIE, lang);
  return lang;
}
