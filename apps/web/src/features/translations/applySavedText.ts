import type { Language } from '@emberwatch/shared/contracts/preferences';
import { i18n } from '../../i18n/i18n';

/**
 * A text just saved shows at once in this app: if its language's texts are loaded (the language the
 * interface shows, or English, the fallback of every other), the new text replaces the old one there,
 * and i18next re-renders what shows it. Other users' apps get it from the server at their next load
 * or language change; the server has no cache to go stale (decision 0106). An empty text is not
 * applied: the server no longer serves it, so the app falls back to English on its next load.
 */
export function applySavedText(locale: Language, key: string, text: string): void {
  if (text === '' || !i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResource(locale, 'translation', key, text);
}
