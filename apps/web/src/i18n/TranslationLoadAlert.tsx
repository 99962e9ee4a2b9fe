import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import { dismissTranslationFailure, subscribeTranslationFailure, translationFailure } from './i18n';
import { TRANSLATION_LOAD_FAILED_TEXT } from './translationLoadFailedText';

/** Spec doc 1 §8: the language files could not be fetched; shown once, in the language asked for. */
export function TranslationLoadAlert() {
  const failed = useSyncExternalStore(subscribeTranslationFailure, translationFailure, () => null);
  if (!failed) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      onClose={dismissTranslationFailure}
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 'snackbar',
        maxWidth: 560,
        mx: 'auto',
      }}
    >
      {TRANSLATION_LOAD_FAILED_TEXT[failed]}
    </Alert>
  );
}
