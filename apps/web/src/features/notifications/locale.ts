import type notifications from '../../i18n/locales/en/notifications.json';

type NotificationsTexts = typeof notifications;

// This feature's locale namespace (notifications): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Texts extends NotificationsTexts {}
}
