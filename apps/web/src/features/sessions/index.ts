// The sessions feature's public surface: the login state, the session and its UI preferences.
// Kept light (no MUI, no page): the entry's shell imports these modules, and so does every page.
// The login page is mounted by the shell from its own file.
export {
  SessionProvider,
  useSession,
  type AuthStatus,
  type OfflineStart,
  type SessionNotice,
} from './SessionProvider';
export { sessionInfoQuery, useSessionInfo } from './sessionQueries';
export { useUiPreferences, withDefaultPreferences } from './useUiPreferences';
export { useDateTimeText } from './useDateTimeText';
export { useEnsureUiPreferences } from './useEnsureUiPreferences';
export { useChangeLanguage } from './useChangeLanguage';
export { loginPathFor, safeRedirect } from './safeRedirect';
export { loginErrorText } from './loginErrorText';
