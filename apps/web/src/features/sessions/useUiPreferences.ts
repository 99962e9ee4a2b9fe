import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@emberwatch/shared/contracts/preferences';
import { useSessionInfo } from './sessionQueries';

/** Spec doc 1 §4: missing preferences are filled with the defaults. */
export function withDefaultPreferences(prefs: Partial<UiPreferences> | null | undefined): UiPreferences {
  return { ...DEFAULT_UI_PREFERENCES, ...(prefs ?? {}) };
}

export function missingPreferenceKeys(
  prefs: Partial<UiPreferences> | null | undefined,
): (keyof UiPreferences)[] {
  return (Object.keys(DEFAULT_UI_PREFERENCES) as (keyof UiPreferences)[]).filter(
    (k) => prefs?.[k] === undefined,
  );
}

export function useUiPreferences(): UiPreferences {
  const { data } = useSessionInfo();
  return withDefaultPreferences(data?.ui_preferences);
}
