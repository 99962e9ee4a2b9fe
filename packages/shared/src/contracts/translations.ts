import { z } from 'zod';
import { LANGUAGES } from './preferences.js';

/** Spec doc 1 §3 "Translation": id, key, text, category. */
export interface TranslationRow {
  id: number;
  key: string;
  text: string;
  category: string;
}

export const translationLocaleQuerySchema = z.object({
  /** Unsupported locales fall back to en (spec doc 1 §4). */
  locale: z.string().max(10).default('en'),
  UID: z.coerce.number().int().positive().optional(),
});

/** GET /client/getAnonymousTranslations and /client/getUserTranslations (spec doc 1 §7). */
export interface TranslationsResponse {
  status_code: 0;
  locale: (typeof LANGUAGES)[number];
  /** [key, text] pairs; keys are dotted paths ("login.title"). */
  results: [string, string][];
  supported_languages: string[];
}

/** GET /admin/getAdminTranslations — rows for translators (their locales) and root admins. */
export interface AdminTranslationsResponse {
  status_code: 0;
  locale: string;
  results: TranslationRow[];
}

/** POST /admin/updateTranslations — spec doc 3 §4 "Saving sends locale, data and keyChange". */
export const updateTranslationsRequestSchema = z.strictObject({
  locale: z.enum(LANGUAGES),
  data: z.strictObject({
    id: z.int().positive().optional(),
    key: z.string().trim().min(1).max(200),
    text: z.string().max(5000),
    /** Omitted: the row keeps its category (a new key gets 'common'). Changing it is root admin only. */
    category: z.string().trim().min(1).max(50).optional(),
  }),
  /** Root admin only: the key itself changes, in every locale. */
  keyChange: z.boolean().default(false),
});
