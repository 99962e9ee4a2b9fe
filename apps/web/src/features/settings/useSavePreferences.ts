import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { UiPreferences } from '@emberwatch/shared/contracts/preferences';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import { withDefaultPreferences } from '../sessions';
import { useSettingsFeedback } from './SettingsFeedback';

export type SavePreferences = (
  prefs: Partial<UiPreferences>,
  options?: {
    /** The admin already answered a question about this very change (see the language select). */
    confirmed?: boolean;
  },
) => Promise<boolean>;

/**
 * Saves a preference change at once (spec doc 1 §4 "Settings changes save immediately"): the screen
 * changes first (optimistic), the server answers with the stored preferences, and a failure puts
 * back the changed fields only — another change saved meanwhile stays. An admin's change asks for
 * confirmation first (spec doc 1 §5); demo users keep their changes on this device (doc 2 §6).
 */
export function useSavePreferences({ admin, demo }: { admin: boolean; demo: boolean }): SavePreferences {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { notify, confirm } = useSettingsFeedback();

  return useCallback(
    async (prefs, { confirmed = false } = {}) => {
      if (admin && !confirmed && !(await confirm())) return false;
      const setPrefs = (update: (p: UiPreferences) => UiPreferences) =>
        queryClient.setQueryData<SessionInfo>(queryKeys.session, (old) =>
          old ? { ...old, ui_preferences: update(withDefaultPreferences(old.ui_preferences)) } : old,
        );
      const before = withDefaultPreferences(
        queryClient.getQueryData<SessionInfo>(queryKeys.session)?.ui_preferences,
      );
      const previous: Partial<UiPreferences> = {};
      for (const k of Object.keys(prefs) as (keyof UiPreferences)[])
        Object.assign(previous, { [k]: before[k] });
      await queryClient.cancelQueries({ queryKey: queryKeys.session });
      setPrefs((p) => ({ ...p, ...prefs }));
      if (demo && !admin) {
        notify('saved');
        return true;
      }
      try {
        const r = await api.call(endpoints.users.uiPrefs, { prefs });
        // Only the fields of this change: another change still in flight keeps its optimistic value.
        const stored = withDefaultPreferences(r.ui_preferences);
        const saved: Partial<UiPreferences> = {};
        for (const k of Object.keys(prefs) as (keyof UiPreferences)[])
          Object.assign(saved, { [k]: stored[k] });
        setPrefs((p) => ({ ...p, ...saved }));
        notify('saved');
        return true;
      } catch {
        setPrefs((p) => ({ ...p, ...previous }));
        notify('error');
        return false;
      }
    },
    [api, queryClient, notify, confirm, admin, demo],
  );
}
