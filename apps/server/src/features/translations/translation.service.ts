import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import type {
  AdminTranslationsResponse,
  MissingTranslation,
  TranslationLanguagesResponse,
  TranslationRow,
} from '@emberwatch/shared/contracts/translations';
import { ApiError } from '../../http/ApiError.js';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import type { Engine } from '../../db/engine.js';
import type { TranslationRepository } from './translation.repository.js';
import { bundledTexts, type BundledText } from './bundledLocales.js';
import { isServerTextKey } from './serverTexts.js';
import { translationSeedMark } from './translationSeedMark.js';
import {
  mayAddRow,
  mayChangeTranslation,
  mayTranslate,
  translatableLanguages,
} from './translations.policy.js';

/** Spec doc 3 §9: unsupported languages fall back to en. */
export function supportedLocale(value: string | undefined): Language {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

/** The caller's assignment as a translator: the locales of users.translator_locales (a JSON array), or null. */
function translatorOf(actor: Actor): { locales: string[] } | null {
  return actor.user.translator === 1 ? { locales: translatorLocales(actor) } : null;
}

/** Locales a translator is assigned to (users.translator_locales, a JSON array). */
function translatorLocales(actor: Actor): string[] {
  try {
    const parsed: unknown = JSON.parse(actor.user.translator_locales);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

export interface TranslationSave {
  locale: Language;
  data: { id?: number | undefined; key: string; text: string; category?: string | undefined };
  keyChange: boolean;
}

/**
 * The texts of the app (spec doc 1 §6, doc 3 §5–6): everyone reads them through the client calls;
 * who edits which is translations.policy.ts.
 */
export class TranslationService {
  constructor(
    private readonly repo: TranslationRepository,
    private readonly access: Pick<AccessService, 'targetAccount'>,
    private readonly nowS: () => number,
    /** The store's engine: the seed is marked, and skipped while the mark holds (decision 0163). */
    private readonly markSeedsOf?: Engine,
  ) {}

  /**
   * The keys the build has (its bundled locale files, the source of truth for which keys exist):
   * those of the last seed, or of the bundled files before any.
   */
  private buildKeys: ReadonlySet<string> | null = null;

  seed(texts: readonly BundledText[] = bundledTexts()): Promise<{ inserted: number; updated: number }> {
    this.buildKeys = new Set(texts.map((t) => t.key));
    const mark = this.markSeedsOf && translationSeedMark(texts, this.markSeedsOf);
    return this.repo.seed(texts, this.nowS(), mark);
  }

  private knownKeys(): ReadonlySet<string> {
    this.buildKeys ??= new Set(bundledTexts().map((t) => t.key));
    return this.buildKeys;
  }

  /** What the caller may open on the translations page (spec doc 3 §6). */
  languages(actor: Actor): TranslationLanguagesResponse {
    const who = whoAmI(actor);
    const locales = translatableLanguages(who, translatorOf(actor), LANGUAGES);
    enforce(Array.isArray(locales) ? true : locales);
    return {
      status_code: 0,
      locales: Array.isArray(locales) ? locales : [],
      root: mayChangeTranslation(who, 'addKey') === true,
    };
  }

  /** The texts for a logged-in user; UID names the account the app works in, one the caller may act for. */
  async userTranslations(actor: Actor, locale: string | undefined, uid: number | undefined) {
    await this.access.targetAccount(actor, uid);
    return this.clientTranslations(locale);
  }

  async clientTranslations(locale: string | undefined) {
    const lang = supportedLocale(locale);
    return {
      status_code: 0 as const,
      locale: lang,
      // The server's own texts (alerts, reports, invoices, mails; decision 0107) are the server's to
      // word: no browser needs them, and they are a sixth of each language's rows.
      results: (await this.repo.pairsOf(lang)).filter(([key]) => !isServerTextKey(key)),
      supported_languages: [...LANGUAGES],
    };
  }

  async adminTranslations(actor: Actor, locale: string) {
    if (!(LANGUAGES as readonly string[]).includes(locale))
      throw ApiError.invalid(`Unsupported language "${locale}".`, 'locale');
    enforce(mayTranslate(whoAmI(actor), translatorOf(actor), locale));
    const results = await this.repo.rowsOf(locale);
    const english = locale === 'en' ? results : await this.repo.rowsOf('en');
    const here = new Map(results.map((r) => [r.key, r]));
    // A key with an English text and none here: the users see the English until it is filled.
    const missing: MissingTranslation[] =
      locale === 'en'
        ? []
        : english
            .filter((e) => e.text !== '' && !here.get(e.key)?.text)
            .map((e) => ({
              id: here.get(e.key)?.id ?? null,
              key: e.key,
              english: e.text,
              category: e.category,
            }));
    const build = this.knownKeys();
    const stored = new Set([...results.map((r) => r.key), ...english.map((e) => e.key)]);
    return {
      status_code: 0 as const,
      locale,
      results,
      missing,
      not_in_build: [...stored].filter((k) => !build.has(k)).sort(),
      english: locale === 'en' ? {} : Object.fromEntries(english.map((e) => [e.key, e.text])),
    } satisfies AdminTranslationsResponse;
  }

  async save(actor: Actor, req: TranslationSave): Promise<TranslationRow> {
    const { locale, data, keyChange } = req;
    const who = whoAmI(actor);
    enforce(mayTranslate(who, translatorOf(actor), locale));
    const now = this.nowS();

    const row =
      data.id !== undefined ? await this.repo.findById(data.id) : await this.repo.findByKey(locale, data.key);
    if (!row) {
      if (data.id !== undefined) throw ApiError.notFound('No such translation.');
      // A key English has is filled in this language (its category is English's); any other is new.
      const english = locale === 'en' ? undefined : await this.repo.findByKey('en', data.key);
      const hasEnglish = english !== undefined && english.text !== '';
      enforce(mayAddRow(who, hasEnglish));
      const category = data.category ?? english?.category ?? 'common';
      if (hasEnglish && category !== english.category) enforce(mayChangeTranslation(who, 'changeCategory'));
      const id = await this.repo.insertEdited(
        { locale, key: data.key, text: data.text, category },
        actor.user.id,
        now,
      );
      return { id, key: data.key, text: data.text, category };
    }
    if (row.locale !== locale)
      throw ApiError.invalid('That translation belongs to another language.', 'data.id');

    const category = data.category ?? row.category;
    if (category !== row.category) enforce(mayChangeTranslation(who, 'changeCategory'));
    if (data.key !== row.key) {
      if (!keyChange)
        throw ApiError.invalid(
          'The key differs from the saved one; renaming a key needs keyChange.',
          'data.key',
        );
      enforce(mayChangeTranslation(who, 'changeKey'));
      const renamed = await this.repo.renameKeyAndSave(
        row.key,
        data.key,
        row.id,
        { text: data.text, category },
        actor.user.id,
        now,
      );
      if (!renamed) throw new ApiError(409, `The key "${data.key}" already exists.`, 409, 'data.key');
      return { id: row.id, key: data.key, text: data.text, category };
    }
    if (keyChange) enforce(mayChangeTranslation(who, 'changeKey'));
    await this.repo.saveText(row.id, { text: data.text, category }, actor.user.id, now);
    return { id: row.id, key: data.key, text: data.text, category };
  }
}
