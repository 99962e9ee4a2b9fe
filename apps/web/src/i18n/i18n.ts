import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type { TranslationsResponse } from '@emberwatch/shared/contracts/translations';
import { supportedLanguage, LANGUAGE_COOKIE } from './detectLanguage';
import { writeCookie } from '../lib/cookies';
import { isNetworkFailure } from '../lib/ApiRequestError';
import { inSlices } from '../lib/yieldToBrowser';

/**
 * Texts come from the server's translation calls (spec doc 1 §7), which serve the store seeded from
 * locales/<lang>/<feature>.json plus the translators' edits. Only English is bundled: it renders at
 * once and stays as the fallback when a call fails. The other languages' files are the server's
 * seed and never ship to the browser (docs/decisions/0007-translations-and-bundle.md).
 */
type LocaleModule = { default: Record<string, unknown> };
// common.json (login, shell, probe list) is in the entry; the other features' English loads right
// after start in its own small chunk, long before their lazy pages can open. The server's own texts
// (server*.json: alert messages, report and invoice PDFs; decision 0107) never ship to the browser.
const englishCommon = import.meta.glob<LocaleModule>('./locales/en/common.json', { eager: true });
const englishFeatures = import.meta.glob<LocaleModule>([
  './locales/en/*.json',
  '!./locales/en/common.json',
  '!./locales/en/server*.json',
]);
const en = Object.assign({}, ...Object.values(englishCommon).map((m) => m.default)) as Record<
  string,
  unknown
>;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  // A copy: i18next keeps the object it is given as its store and writes into it, and `en` stays the
  // bundled English that resetTranslations puts back.
  resources: { en: { translation: structuredClone(en) } },
  // React escapes text itself; escaping here too would show "&amp;" to the user.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Texts added later (the server's, English feature files) re-render what shows them.
  react: { bindI18nStore: 'added' },
});

let englishFeatureTexts: Record<string, unknown>[] = [];
const englishFeaturesLoaded = Promise.all(Object.values(englishFeatures).map((load) => load())).then(
  (modules) => {
    englishFeatureTexts = modules.map((m) => m.default);
    // Under texts already there (the server's English may be a translator's edit), never over them.
    // A few files at a time: merging all fifty was one task of about 100 ms on a phone, while the app
    // takes over a page the server drew.
    return inSlices(englishFeatureTexts, (texts) =>
      i18n.addResourceBundle('en', 'translation', texts, true, false),
    );
  },
  () => undefined,
);

/** Fetches the texts of one language: anonymously before login, as the user after it. */
export type TranslationsFetcher = (locale: Language) => Promise<TranslationsResponse>;

interface Source {
  /** The same owner (API client) and account keep the source, and what it already loaded. */
  owner: object;
  uid: number | null;
  fetch: TranslationsFetcher;
}

let source: Source | null = null;
/** The language last loaded from the current source (a repeated request for it is not refetched). */
let loadedLang: Language | null = null;
let inFlight: { lang: Language; promise: Promise<boolean> } | null = null;
let latestRequest = 0;

/**
 * Chooses where texts come from. Logging in switches to the user's call and logging out back to the
 * anonymous one (spec doc 1 §4); the next changeLanguage then fetches from the new source.
 */
export function setTranslationsSource(owner: object, uid: number | null, fetch: TranslationsFetcher): void {
  if (source && source.owner === owner && source.uid === uid) return;
  source = { owner, uid, fetch };
  loadedLang = null;
  inFlight = null;
}

// Spec doc 1 §8: the alert about failed language files is shown once, then the bundled texts stay.
type FailureListener = () => void;
const failureListeners = new Set<FailureListener>();
let failedLanguage: Language | null = null;

/** The language whose files failed to load first, or null; the alert shows while this is set. */
export function translationFailure(): Language | null {
  return failedLanguage;
}

export function subscribeTranslationFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

let failureReported = false;
function reportFailure(lang: Language): void {
  if (failureReported) return;
  failureReported = true;
  failedLanguage = lang;
  for (const l of failureListeners) l();
}

/** Closes the alert; it does not come back in this page's lifetime. */
export function dismissTranslationFailure(): void {
  failedLanguage = null;
  for (const l of failureListeners) l();
}

/** For tests: forget the source, the loaded texts and the alert. */
export function resetTranslations(): void {
  source = null;
  loadedLang = null;
  inFlight = null;
  failureReported = false;
  failedLanguage = null;
  for (const lang of Object.keys(i18n.store.data))
    if (lang !== 'en') i18n.removeResourceBundle(lang, 'translation');
  watchEnglish();
  if (!englishTouched) return;
  // Silent: the put-back is no test's change of English (and no component is mounted between tests).
  for (const texts of [en, ...englishFeatureTexts])
    i18n.addResourceBundle('en', 'translation', texts, true, true, { silent: true });
  englishTouched = false;
}

/**
 * Whether English may differ from the bundled texts since resetTranslations last put them back: texts
 * added to it (the server's English in a test) or its bundle removed. Putting
 * every bundle back deep-merges some 170 kB of texts; before each of some 1,300 web tests, most of which
 * change no English, that was a few seconds of the web tests' CPU. Watched from the first reset on, so
 * the app itself never listens.
 */
let englishTouched = true;
let watchingEnglish = false;
function watchEnglish(): void {
  if (watchingEnglish) return;
  watchingEnglish = true;
  const touch = (lng: string) => {
    if (lng === 'en') englishTouched = true;
  };
  i18n.store.on('added', touch);
  i18n.store.on('removed', touch);
}

/** Resolves once every feature's English is in (tests wait for it). */
export function englishReady(): Promise<void> {
  return englishFeaturesLoaded;
}

/**
 * The texts of `results` that differ from those already in `lang`. Compared in slices with a yield
 * between them (lib/yieldToBrowser.ts): a language holds some 3,000 texts, and comparing them all at once
 * was one long task of about 80 ms on a phone, right as the app takes over a page the server drew
 * (decision 0174).
 */
async function differingTexts(
  lang: Language,
  results: readonly (readonly [string, string])[],
): Promise<(readonly [string, string])[]> {
  const changed: (readonly [string, string])[] = [];
  await inSlices(results, (entry) => {
    if (differsHere(lang, entry)) changed.push(entry);
  });
  return changed;
}

/** Whether a [key, text] of `lang` differs from the text loaded here (the bundled English, or fetched). */
export function differsHere(lang: Language, [key, text]: readonly [string, string]): boolean {
  return i18n.getResource(lang, 'translation', key) !== text;
}

async function fetchInto(current: Source, lang: Language): Promise<boolean> {
  try {
    const res = await current.fetch(lang);
    if (res.status_code !== 0 || !Array.isArray(res.results)) throw new Error('translations not served');
    // Keys are dotted paths; i18next nests them by its key separator. The server's texts win over the
    // bundled English (a translator may have edited them). Only the texts that differ from those
    // already here are added: adding re-renders everything that shows a text, and the user's English
    // is mostly the bundled English word for word (decision 0146).
    const changed = await differingTexts(lang, res.results);
    if (changed.length > 0) i18n.addResources(lang, 'translation', Object.fromEntries(changed));
    if (source === current) loadedLang = lang;
    return true;
  } catch (e) {
    // No network, and the language's texts are already here (the anonymous ones an offline start got
    // from the worker's kept copy, decision 0145): the page is in its language; nothing to alert about.
    if (isNetworkFailure(e) && lang !== 'en' && i18n.hasResourceBundle(lang, 'translation')) return false;
    reportFailure(lang);
    return false;
  }
}

/**
 * Takes `lang`'s texts from a page the server drew in it (decision 0177): `differing` are the user's
 * texts where they differ from those already here (for English, a translator's edits of the bundled
 * English), which the page was drawn with. They go in, and the current source counts `lang` as loaded,
 * so the session's start (TranslationsSync) does not fetch them again; a later switch back to `lang`
 * from another language fetches as ever. Before the page is taken over, so that it draws the same.
 */
export function takeDrawnTexts(lang: Language, differing: readonly (readonly [string, string])[]): void {
  if (differing.length > 0) i18n.addResources(lang, 'translation', Object.fromEntries(differing));
  if (source) loadedLang = lang;
}

function load(lang: Language): Promise<boolean> {
  const current = source;
  if (!current) return Promise.resolve(false);
  if (loadedLang === lang) return Promise.resolve(true);
  if (inFlight?.lang === lang) return inFlight.promise;
  const promise = fetchInto(current, lang).finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  inFlight = { lang, promise };
  return promise;
}

/**
 * Switches the interface language and loads its texts; unsupported values fall back to en. With
 * `remember` the choice goes into the language cookie for the next visit's login page. If the texts
 * cannot be fetched the alert shows once and the language stays readable: texts loaded earlier, or
 * the bundled English.
 */
export async function changeLanguage(
  value: string | null | undefined,
  options: { remember?: boolean } = {},
): Promise<Language> {
  const lang = supportedLanguage(value) ?? 'en';
  if (options.remember) writeCookie(LANGUAGE_COOKIE, lang);
  const request = ++latestRequest;
  const ok = await load(lang);
  // A later call (the user clicked again) decides the language; this one only added its texts.
  if (request !== latestRequest) return lang;
  const shown = ok || i18n.hasResourceBundle(lang, 'translation') ? lang : 'en';
  // i18next announces a change even to the language it already speaks, and everything that shows a
  // text is drawn again (decision 0146): only a real change is made.
  if (i18n.language !== shown) await i18n.changeLanguage(shown);
  if (typeof document !== 'undefined') document.documentElement.lang = shown;
  return shown;
}
