import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { missingPreferenceKeys } from './useUiPreferences';

/**
 * Spec doc 1 §4: missing ui preferences are filled with defaults and saved, except for demo users
 * (whose changes stay local). Saved once per session and set of missing keys.
 */
export function useEnsureUiPreferences(session: SessionInfo | undefined, demo: boolean | undefined): void {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const missing = missingPreferenceKeys(session?.ui_preferences).join(',');
  const uid = session?.UID;

  useEffect(() => {
    if (uid === undefined || demo !== false || missing === '') return;
    const prefs: Partial<UiPreferences> = {};
    for (const k of missing.split(',') as (keyof UiPreferences)[])
      Object.assign(prefs, { [k]: DEFAULT_UI_PREFERENCES[k] });
    api
      .call(endpoints.users.uiPrefs, { prefs })
      .then((r) => {
        queryClient.setQueryData<SessionInfo>(queryKeys.session, (old) =>
          old ? { ...old, ui_preferences: r.ui_preferences } : old,
        );
      })
      // The defaults are already in use on screen; a failed save is retried on the next load.
      .catch(() => undefined);
  }, [api, queryClient, uid, demo, missing]);
}
