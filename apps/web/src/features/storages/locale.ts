import type storages from '../../i18n/locales/en/storages.json';
import type storageDetail from '../../i18n/locales/en/storageDetail.json';
import type alertMessaging from '../../i18n/locales/en/alertMessaging.json';

type StoragesTexts = typeof storages;
type StorageDetailTexts = typeof storageDetail;
type AlertMessagingTexts = typeof alertMessaging;

// This feature's locale namespaces (storages, storageDetail, alertMessaging): locales/<lang>/<ns>.json in all eight languages.
declare module '../../i18n/texts' {
  interface Texts extends StoragesTexts, StorageDetailTexts, AlertMessagingTexts {}
}
