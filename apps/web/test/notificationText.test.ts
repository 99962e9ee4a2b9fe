import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
} from '@emberwatch/shared/contracts/notifications';
import en from '../src/i18n/locales/en/notifications.json';
import { notificationText } from '../src/features/notifications/notificationText';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n) as TFunction;

const props: Record<NotificationType, Notification['props']> = {
  noBSData: { bsDate: 1_700_000_000, name: 'Barn' },
  noProbeData: {
    nProbes: 7,
    probesIDs: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
    dataDate: 1_700_000_000,
    name: 'Barn',
  },
  noAlerts: { text: 'noChannel', count: 1, name: 'North barn', itemID: 1 },
  globalAlert: { text: 'temperature', limit: 45, nProbes: 1, probeIDs: ['A'], maxTemp: 500 },
  batch_bug: { batch_name: 'Windrow 4', text: 'Probe moved' },
  batch: { batch_name: 'Windrow 4', maxTemp: 750 },
  reminder: { planName: 'INSIGHT', trial: true, days: 3 },
  reminderExpired: { planName: 'Premium', days: 2 },
  reminderSim: { name: 'Barn', days: 12 },
  reminderSimExpired: { name: 'Barn', days: 1 },
  reminderAPI: { days: 20 },
  reminderAPIExpired: { days: 5 },
  storageMax: { itemID: 1, name: 'North barn', count: 2, maxTemp: 655, probeIDs: ['A', 'B'] },
  dailyCap: { text: 'voice', count: 20 },
  deliveryFailed: {
    text: 'email',
    name: 'Farm Helper',
    address: 'helper@farm.test',
    error: 'SMTP 550: Mailbox unavailable',
    failingSince: 1_699_963_200, // 14.11.2023 noon UTC: the same day in any zone of the test machine
    itemID: 1,
  },
};

const notification = (type: NotificationType): Notification => ({
  id: `${type}:x`,
  importance: 1,
  type,
  url: '/',
  color: '#000',
  bs: 'F1',
  since: 0,
  unread: false,
  props: props[type],
});

describe('every kind of notification in words (decision 0047)', () => {
  it.each(NOTIFICATION_TYPES.map((type) => [type]))('%s has a title and a text, no raw key', (type) => {
    const words = notificationText(notification(type), {
      t,
      unit: 'F',
      dateFormat: 'd.M.yyyy',
      timeFormat: 'HH:mm',
    });
    expect(words.title).not.toMatch(/notifications\.|\{\{/);
    expect(words.text).not.toMatch(/notifications\.|\{\{/);
    expect(words.title.length).toBeGreaterThan(5);
  });

  it.each([
    ['globalAlert', 'Above your alert temperature of 113.0 °F', 'A · hottest 122.0 °F'],
    ['storageMax', 'Alert in North barn', 'Current alerts: 2 · hottest 149.9 °F · A, B'],
    ['noProbeData', 'Probes without data at Barn: 7', 'A, B, C, D, E, … · last data'],
    ['reminder', 'Days left in your INSIGHT trial: 3', 'Renew in time'],
    ['dailyCap', "Today's voice-call allowance is used up", 'Sent today: 20.'],
    ['noAlerts', 'Alerts are off', 'Alerts of North barn reach nobody'],
    [
      'deliveryFailed',
      'E-mails to Farm Helper cannot be delivered',
      'helper@farm.test · since 14.11.2023 · SMTP 550: Mailbox unavailable',
    ],
  ] as const)('words %s in °F', (type, title, text) => {
    const words = notificationText(notification(type), {
      t,
      unit: 'F',
      dateFormat: 'd.M.yyyy',
      timeFormat: 'HH:mm',
    });
    expect(words.title).toBe(title);
    expect(words.text).toContain(text);
  });

  it('words an ended storage alert and several storages without a monitor', () => {
    const c = { t, unit: 'C' as const, dateFormat: 'd.M.yyyy', timeFormat: 'HH:mm' };
    const ended = { ...notification('storageMax'), props: { ...props.storageMax, ended: true } };
    expect(notificationText(ended, c)).toEqual({
      title: 'Alert in North barn has ended',
      text: 'Alerts raised: 2 · hottest 65.5 °C · A, B',
    });
    const many = { ...notification('noAlerts'), props: { text: 'noMonitor', count: 3, name: 'A' } };
    expect(notificationText(many, c).text).toBe(
      'Storages without a monitor: 3. Their probes raise no alerts.',
    );
  });
});
