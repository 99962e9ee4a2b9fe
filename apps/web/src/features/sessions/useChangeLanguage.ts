import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { withDefaultPreferences } from './useUiPreferences';

/**
 * The side menu's language choice, open to every user, masters included (who see no settings).
 * The interface follows ui_preferences.language (TranslationsSync), so the choice goes into the
 * session at once and is saved; a refused save puts the previous language back. A demo user's
 * choice stays on this device, as every other preference of theirs does (spec doc 2 §6).
 */
export function useChangeLanguage({ demo }: { demo: boolean }): (lang: Language) => Promise<boolean> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (lang) => {
      const setLanguage = (language: Language) =>
        queryClient.setQueryData<SessionInfo>(queryKeys.session, (old) =>
          old ? { ...old, ui_preferences: { ...withDefaultPreferences(old.ui_preferences), language } } : old,
        );
      const previous = withDefaultPreferences(
        queryClient.getQueryData<SessionInfo>(queryKeys.session)?.ui_preferences,
      ).language;
      if (previous === lang) return true;
      await queryClient.cancelQueries({ queryKey: queryKeys.session });
      setLanguage(lang);
      if (demo) return true;
      try {
        await api.call(endpoints.users.uiPrefs, { prefs: { language: lang } });
        return true;
      } catch {
        setLanguage(previous);
        return false;
      }
    },
    [api, queryClient, demo],
  );
}
