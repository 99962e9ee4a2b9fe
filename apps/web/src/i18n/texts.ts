import type common from './locales/en/common.json';

type CommonTexts = typeof common;

/**
 * Every text's key, typed from the English locale files: the shell's `common` here, and each
 * feature's namespaces added by its own `features/<f>/locale.ts` (decision 0085), so a new
 * namespace touches no central file. Namespaces share the one `translation` namespace at run time
 * (i18n.ts loads every file), so their top-level keys must differ: two that clash fail the build.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by the features' locale.ts
export interface Texts extends CommonTexts {}
