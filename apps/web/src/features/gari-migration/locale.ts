import type gariMigration from '../../i18n/locales/en/gariMigration.json';

type GariMigrationTexts = typeof gariMigration;

// This feature's locale namespace (gariMigration): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends GariMigrationTexts {}
}
