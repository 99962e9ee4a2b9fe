import { useEffect } from 'react';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { Language } from '@emberwatch/shared/contracts/preferences';
import { useApiClient } from '../lib/ApiClientContext';
import { changeLanguage, setTranslationsSource } from '../i18n/i18n';
import { detectLanguage } from '../i18n/detectLanguage';
import { TranslationLoadAlert } from '../i18n/TranslationLoadAlert';
// Its modules, not the sessions index: this is in the entry, and the index would bring along every
// module it lists that the logged-in shell uses (about 1 kB gzipped more before login).
import { useSession } from '../features/sessions/SessionProvider';
import { useSessionInfo } from '../features/sessions/sessionQueries';

/**
 * Spec doc 1 §4: before login the texts come from getAnonymousTranslations for the detected language
 * (cookie, then browser); once logged in from getUserTranslations for ui_preferences.language, which
 * also goes into the language cookie; logging out returns to the anonymous texts.
 */
export function TranslationsSync() {
  const api = useApiClient();
  const { status } = useSession();
  const session = useSessionInfo();
  const uid = status === 'authenticated' ? session.data?.UID : undefined;
  const language = session.data?.ui_preferences?.language;

  // Not while the session is being restored: it is the user's texts then, or the anonymous ones if
  // there is no session — not both, one after the other (decision 0146).
  useEffect(() => {
    if (status !== 'anonymous') return;
    setTranslationsSource(api, null, (locale: Language) =>
      api.call(endpoints.translations.getAnonymousTranslations, { locale }),
    );
    void changeLanguage(detectLanguage(document.cookie, navigator.languages));
  }, [api, status]);

  useEffect(() => {
    if (uid === undefined) return;
    setTranslationsSource(api, uid, (locale: Language) =>
      api.call(endpoints.translations.getUserTranslations, { locale, UID: uid }),
    );
    void changeLanguage(language ?? detectLanguage(document.cookie, navigator.languages), {
      remember: language !== undefined,
    });
  }, [api, uid, language]);

  return <TranslationLoadAlert />;
}
