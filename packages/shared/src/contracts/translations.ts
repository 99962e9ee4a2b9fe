import { z } from 'zod';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { LANGUAGES } from './preferences.js';

/** Spec doc 1 §3 "Translation": id, key, text, category. */
export const translationRowSchema = z.object({
  id: z.int(),
  key: z.string(),
  text: z.string(),
  category: z.string(),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

export const translationLocaleQuerySchema = z.object({
  /** Unsupported locales fall back to en (spec doc 1 §4). */
  locale: z.string().max(10).default('en'),
  UID: z.coerce.number().int().positive().optional(),
});

/** GET /client/getAnonymousTranslations and /client/getUserTranslations (spec doc 1 §7). */
export const translationsResponseSchema = z.object({
  status_code: z.literal(0),
  locale: z.enum(LANGUAGES),
  results: z
    .array(z.tuple([z.string(), z.string()]))
    .describe('[key, text] pairs; keys are dotted paths ("login.title").'),
  supported_languages: z.array(z.string()),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;

/**
 * A key whose English text is not in this language (no row, or an empty text): the users see the
 * English, and the translator fills it (decision 0106). `id` is the empty row's, or null.
 */
export const missingTranslationSchema = z.object({
  id: z.int().nullable(),
  key: z.string(),
  english: z.string(),
  category: z.string(),
});
export type MissingTranslation = z.infer<typeof missingTranslationSchema>;

/** GET /admin/getAdminTranslations — rows for translators (their locales) and root admins. */
export const adminTranslationsResponseSchema = z.object({
  status_code: z.literal(0),
  locale: z.string(),
  results: z.array(translationRowSchema),
  missing: z.array(missingTranslationSchema).describe('Keys with an English text and none here.'),
  not_in_build: z
    .array(z.string())
    .describe("Stored keys the server's bundled locale files do not have (no text of the app uses them)."),
  english: z
    .record(z.string(), z.string())
    .describe('The English text of each key, for reference (empty for en itself).'),
});
export type AdminTranslationsResponse = z.infer<typeof adminTranslationsResponseSchema>;

/** GET /admin/getTranslationLanguages — what the caller may work on, before it picks a language. */
export const translationLanguagesResponseSchema = z.object({
  status_code: z.literal(0),
  /** The translator's assigned languages; every language for the root admin. */
  locales: z.array(z.enum(LANGUAGES)),
  /** The root admin: adds keys, renames keys in every language and changes categories. */
  root: z.boolean(),
});
export type TranslationLanguagesResponse = z.infer<typeof translationLanguagesResponseSchema>;

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

export const updateTranslationsResponseSchema = z.object({
  status_code: z.literal(0),
  result: translationRowSchema.describe('The row as saved.'),
});
export type UpdateTranslationsResponse = z.infer<typeof updateTranslationsResponseSchema>;

/** Spec doc 1 §7 "Translations", served by the translations feature. */
export const translationEndpoints = defineEndpoints({
  getAnonymousTranslations: defineEndpoint({
    method: 'GET',
    path: '/client/getAnonymousTranslations',
    query: translationLocaleQuerySchema,
    response: translationsResponseSchema,
    auth: 'public',
    summary: 'The texts of a language before login (unsupported languages fall back to en).',
  }),
  getUserTranslations: defineEndpoint({
    method: 'GET',
    path: '/client/getUserTranslations',
    query: translationLocaleQuerySchema,
    response: translationsResponseSchema,
    auth: 'user',
    summary: 'The texts of a language for a logged-in user.',
  }),
  getAdminTranslations: defineEndpoint({
    method: 'GET',
    path: '/admin/getAdminTranslations',
    query: translationLocaleQuerySchema,
    response: adminTranslationsResponseSchema,
    auth: 'user',
    summary: "A language's rows for its translators and the root admin.",
  }),
  getTranslationLanguages: defineEndpoint({
    method: 'GET',
    path: '/admin/getTranslationLanguages',
    response: translationLanguagesResponseSchema,
    auth: 'user',
    summary: 'The languages the caller may translate, and whether it is the root admin.',
  }),
  updateTranslations: defineEndpoint({
    method: 'POST',
    path: '/admin/updateTranslations',
    body: updateTranslationsRequestSchema,
    response: updateTranslationsResponseSchema,
    auth: 'user',
    summary: 'Saves a text; the root admin also adds keys, renames keys and changes categories.',
  }),
});
