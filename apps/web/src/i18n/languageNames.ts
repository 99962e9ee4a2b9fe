import type { Language } from '@emberwatch/shared/contracts/preferences';

/** Each language in its own words, so a user can find theirs whatever the interface shows. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  fi: 'Suomi',
  hr: 'Hrvatski',
  it: 'Italiano',
  nl: 'Nederlands',
  es: 'Español',
};
