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

/** GET /admin/getAdminTranslations — rows for translators (their locales) and root admins. */
export const adminTranslationsResponseSchema = z.object({
  status_code: z.literal(0),
  locale: z.string(),
  results: z.array(translationRowSchema),
});
export type AdminTranslationsResponse = z.infer<typeof adminTranslationsResponseSchema>;

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
  updateTranslations: defineEndpoint({
    method: 'POST',
    path: '/admin/updateTranslations',
    body: updateTranslationsRequestSchema,
    response: updateTranslationsResponseSchema,
    auth: 'user',
    summary: 'Saves a text; the root admin also adds keys, renames keys and changes categories.',
  }),
});
