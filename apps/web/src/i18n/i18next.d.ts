// Translation keys are typed from the English locale files: a key that is not in them fails the
// build (tsc), and so does a key built from a string that is not a known part of one. All features'
// files share the one `translation` namespace, as i18n.ts loads them.
import 'i18next';
import type common from './locales/en/common.json';
import type probeDetail from './locales/en/probeDetail.json';
import type settings from './locales/en/settings.json';
import type storages from './locales/en/storages.json';
import type storageDetail from './locales/en/storageDetail.json';
import type monitors from './locales/en/monitors.json';
import type sitePlan from './locales/en/sitePlan.json';
import type quality from './locales/en/quality.json';
import type exportTexts from './locales/en/export.json';
import type alertMessaging from './locales/en/alertMessaging.json';
import type masterAccess from './locales/en/masterAccess.json';
import type planExpiry from './locales/en/planExpiry.json';
import type account from './locales/en/account.json';
import type fans from './locales/en/fans.json';
import type sentinel from './locales/en/sentinel.json';
import type notifications from './locales/en/notifications.json';
import type news from './locales/en/news.json';
import type delivery from './locales/en/delivery.json';
import type push from './locales/en/push.json';
import type activation from './locales/en/activation.json';
import type batches from './locales/en/batches.json';
import type insight from './locales/en/insight.json';
import type recovery from './locales/en/recovery.json';
import type demo from './locales/en/demo.json';
import type payments from './locales/en/payments.json';
import type dataBreaks from './locales/en/dataBreaks.json';
import type alertChannels from './locales/en/alertChannels.json';
import type admin from './locales/en/admin.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // A default text does not excuse a missing key: the English files hold every text.
    strictKeyChecks: true;
    resources: {
      translation: typeof common &
        typeof probeDetail &
        typeof settings &
        typeof storages &
        typeof storageDetail &
        typeof sitePlan &
        typeof quality &
        typeof exportTexts &
        typeof monitors &
        typeof alertMessaging &
        typeof masterAccess &
        typeof planExpiry &
        typeof account &
        typeof fans &
        typeof sentinel &
        typeof notifications &
        typeof news &
        typeof delivery &
        typeof push &
        typeof activation &
        typeof batches &
        typeof insight &
        typeof recovery &
        typeof demo &
        typeof payments &
        typeof dataBreaks &
        typeof alertChannels &
        typeof admin;
    };
  }
}
