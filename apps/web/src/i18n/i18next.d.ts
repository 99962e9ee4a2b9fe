// Translation keys are typed from the English locale files: a key that is not in them fails the
// build (tsc), and so does a key built from a string that is not a known part of one. All features'
// files share the one `translation` namespace, as i18n.ts loads them; each feature adds its files'
// types to `Texts` in its own locale.ts (decision 0085).
import 'i18next';
import type { Texts } from './texts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // A default text does not excuse a missing key: the English files hold every text.
    strictKeyChecks: true;
    resources: {
      translation: Texts;
    };
  }
}
