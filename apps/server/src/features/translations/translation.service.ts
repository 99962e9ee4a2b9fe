import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import type { TranslationRow } from '@emberwatch/shared/contracts/translations';
import { ApiError } from '../../http/ApiError.js';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import type { TranslationRepository } from './translation.repository.js';
import { bundledTexts, type BundledText } from './bundledLocales.js';
import { mayChangeTranslation, mayTranslate } from './translations.policy.js';

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
  ) {}

  seed(texts: BundledText[] = bundledTexts()): Promise<{ inserted: number; updated: number }> {
    return this.repo.seed(texts, this.nowS());
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
      results: await this.repo.pairsOf(lang),
      supported_languages: [...LANGUAGES],
    };
  }

  async adminTranslations(actor: Actor, locale: string) {
    if (!(LANGUAGES as readonly string[]).includes(locale))
      throw ApiError.invalid(`Unsupported language "${locale}".`, 'locale');
    enforce(mayTranslate(whoAmI(actor), translatorOf(actor), locale));
    return { status_code: 0 as const, locale, results: await this.repo.rowsOf(locale) };
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
      enforce(mayChangeTranslation(who, 'addKey'));
      const category = data.category ?? 'common';
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
