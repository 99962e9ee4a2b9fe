import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { useApiClient } from '../../lib/ApiClientContext';
import { applySavedText } from './applySavedText';

/** The translations page's calls as TanStack queries (decision 0106). */
const translationsKey = ['translations'] as const;

/** The languages the caller may work on, and whether it is the root admin. */
export function useTranslationLanguages() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...translationsKey, 'languages'],
    queryFn: () => api.call(endpoints.translations.getTranslationLanguages),
  });
}

/** One language's rows, its missing keys, the keys the build lacks and the English for reference. */
export function useAdminTranslations(locale: Language | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...translationsKey, 'admin', locale],
    queryFn: () => api.call(endpoints.translations.getAdminTranslations, { locale: locale ?? 'en' }),
    enabled: locale !== null,
  });
}

export interface TranslationSave {
  locale: Language;
  data: { id?: number; key: string; text: string; category: string };
  keyChange: boolean;
  /** The key before a rename, to put the text under its new key in the running app too. */
  previousKey?: string;
}

/**
 * Saves a text (spec doc 3 §4: locale, data and keyChange). The list is read again, refused or not,
 * and a saved text goes into this app's texts at once (applySavedText).
 */
export function useSaveTranslation() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, data, keyChange }: TranslationSave) =>
      api.call(endpoints.translations.updateTranslations, { locale, data, keyChange }),
    onSuccess: (res, save) => applySavedText(save.locale, res.result.key, res.result.text),
    onSettled: () => client.invalidateQueries({ queryKey: translationsKey }),
  });
}
