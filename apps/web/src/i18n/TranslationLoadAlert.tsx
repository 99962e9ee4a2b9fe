import { useSyncExternalStore } from 'react';
import { PlainAlert } from '../ui/PlainAlert';
import { dismissTranslationFailure, subscribeTranslationFailure, translationFailure } from './i18n';
import { TRANSLATION_ALERT_CLOSE, TRANSLATION_LOAD_FAILED_TEXT } from './translationLoadFailedText';
import './TranslationLoadAlert.css';

/**
 * Spec doc 1 §8: the language files could not be fetched; shown once, in the language asked for.
 * Plain markup: it can show on the login page, before MUI has loaded.
 */
export function TranslationLoadAlert() {
  const failed = useSyncExternalStore(subscribeTranslationFailure, translationFailure, () => null);
  if (!failed) return null;
  return (
    <PlainAlert
      severity="warning"
      onClose={dismissTranslationFailure}
      closeLabel={TRANSLATION_ALERT_CLOSE[failed]}
      className="ew-translation-alert"
    >
      {TRANSLATION_LOAD_FAILED_TEXT[failed]}
    </PlainAlert>
  );
}
