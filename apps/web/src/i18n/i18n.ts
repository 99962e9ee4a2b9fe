import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@emberwatch/shared';
import { supportedLanguage, LANGUAGE_COOKIE } from './detectLanguage';
import { writeCookie } from '../lib/cookies';

/**
 * Locale files live in locales/<lang>/<feature>.json; each file's top-level key is its feature, so
 * files never collide and features add strings without touching each other's files. English ships
 * in the entry bundle as the fallback; every other language is loaded on demand.
 */
type LocaleModule = { default: Record<string, unknown> };
const englishFiles = import.meta.glob<LocaleModule>('./locales/en/*.json', { eager: true });
const loaders = import.meta.glob<LocaleModule>(['./locales/*/*.json', '!./locales/en/*.json']);

function merge(modules: LocaleModule[]): Record<string, unknown> {
  return Object.assign({}, ...modules.map((m) => m.default)) as Record<string, unknown>;
}

const en = merge(Object.values(englishFiles));

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
  const files = Object.entries(loaders)
    .filter(([path]) => path.startsWith(`./locales/${lang}/`))
    .map(([, load]) => load());
  if (files.length === 0) return;
  i18n.addResourceBundle(lang, 'translation', merge(await Promise.all(files)), true, true);
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
