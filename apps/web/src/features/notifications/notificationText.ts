import type { TFunction } from 'i18next';
import type { Notification } from '@emberwatch/shared/contracts/notifications';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatDate } from '../../lib/formatDate';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatureText } from '../../lib/formatDecimal';

export interface TextContext {
  t: TFunction;
  unit: DegreesUnit;
  dateFormat: string;
  timeFormat: string;
}

/** The channels a deliveryFailed notification names (its `text`). */
const DELIVERY_FAILED_CHANNELS = ['sms', 'email', 'voice', 'push', 'sentinel'] as const;

/** Probe ids listed up to this many, then "…". */
const MAX_PROBES_LISTED = 5;

function probeList(ids: readonly string[] | undefined): string {
  const list = ids ?? [];
  return list.length > MAX_PROBES_LISTED
    ? `${list.slice(0, MAX_PROBES_LISTED).join(', ')}, …`
    : list.join(', ');
}

/**
 * A notification in words, in the user's language, temperature unit and date format: the server
 * sends the facts (type and props, temperatures in tenths of °C, limits in °C), the web words them.
 */
export function notificationText(n: Notification, c: TextContext): { title: string; text: string } {
  const { t } = c;
  const p = n.props;
  const temp = (tenths: number | null | undefined) => formatTemperatureText(tenths, c.unit, true);
  const date = (s: number | null | undefined) =>
    s === null || s === undefined ? '--' : formatDateTime(s, c.dateFormat, c.timeFormat);
  const name = p.name ?? n.bs ?? '';
  switch (n.type) {
    case 'noBSData':
      return {
        title: t('notifications.kind.noBSData.title', { name }),
        text: t('notifications.kind.noBSData.text', { date: date(p.bsDate) }),
      };
    case 'noProbeData':
      return {
        title: t('notifications.kind.noProbeData.title', { name, count: p.nProbes ?? 0 }),
        text: t('notifications.kind.noProbeData.text', {
          probes: probeList(p.probesIDs),
          date: date(p.dataDate),
        }),
      };
    case 'noAlerts': {
      const many = (p.count ?? 1) > 1;
      const key =
        p.text === 'noChannel'
          ? many
            ? 'notifications.kind.noAlerts.noChannelMany'
            : 'notifications.kind.noAlerts.noChannel'
          : many
            ? 'notifications.kind.noAlerts.noMonitorMany'
            : 'notifications.kind.noAlerts.noMonitor';
      return { title: t('notifications.kind.noAlerts.title'), text: t(key, { name, count: p.count ?? 1 }) };
    }
    case 'globalAlert': {
      const limit = temp(p.limit === undefined ? null : Math.round(p.limit * 10));
      return {
        title:
          p.text === 'safety'
            ? t('notifications.kind.globalAlert.safety', { limit })
            : t('notifications.kind.globalAlert.temperature', { limit }),
        text: t('notifications.kind.globalAlert.text', {
          probes: probeList(p.probeIDs),
          temp: temp(p.maxTemp),
        }),
      };
    }
    case 'storageMax': {
      const values = { name, count: p.count ?? 0, temp: temp(p.maxTemp), probes: probeList(p.probeIDs) };
      return p.ended
        ? {
            title: t('notifications.kind.storageMax.endedTitle', values),
            text: t('notifications.kind.storageMax.endedText', values),
          }
        : {
            title: t('notifications.kind.storageMax.title', values),
            text: t('notifications.kind.storageMax.text', values),
          };
    }
    case 'batch':
      return {
        title: t('notifications.kind.batch.title', { name: p.batch_name ?? '' }),
        text: t('notifications.kind.batch.text', { temp: temp(p.maxTemp) }),
      };
    case 'batch_bug':
      return {
        title: t('notifications.kind.batch_bug.title', { name: p.batch_name ?? '' }),
        text: t('notifications.kind.batch_bug.text', { text: p.text ?? '' }),
      };
    case 'reminder':
      return {
        title: p.trial
          ? t('notifications.kind.reminder.trialTitle', { plan: p.planName ?? '', days: p.days ?? 0 })
          : t('notifications.kind.reminder.title', { plan: p.planName ?? '', days: p.days ?? 0 }),
        text: t('notifications.kind.reminder.text'),
      };
    case 'reminderExpired':
      return {
        title: t('notifications.kind.reminderExpired.title', { plan: p.planName ?? '' }),
        text: t('notifications.kind.reminderExpired.text'),
      };
    case 'reminderSim':
      return {
        title: t('notifications.kind.reminderSim.title', { name, days: p.days ?? 0 }),
        text: t('notifications.kind.reminderSim.text'),
      };
    case 'reminderSimExpired':
      return {
        title: t('notifications.kind.reminderSimExpired.title', { name }),
        text: t('notifications.kind.reminderSimExpired.text'),
      };
    case 'reminderAPI':
      return {
        title: t('notifications.kind.reminderAPI.title', { days: p.days ?? 0 }),
        text: t('notifications.kind.reminderAPI.text'),
      };
    case 'reminderAPIExpired':
      return {
        title: t('notifications.kind.reminderAPIExpired.title'),
        text: t('notifications.kind.reminderAPIExpired.text'),
      };
    case 'dailyCap':
      return {
        title:
          p.text === 'voice' ? t('notifications.kind.dailyCap.voice') : t('notifications.kind.dailyCap.sms'),
        text: t('notifications.kind.dailyCap.text', { count: p.count ?? 0 }),
      };
    case 'deliveryFailed': {
      const channel = DELIVERY_FAILED_CHANNELS.find((c) => c === p.text) ?? 'email';
      return {
        title: t(`notifications.kind.deliveryFailed.${channel}`, { name: p.name ?? '' }),
        text: t('notifications.kind.deliveryFailed.text', {
          address: p.address ?? '',
          date: p.failingSince === undefined ? '--' : formatDate(p.failingSince, c.dateFormat),
          error: p.error ?? '',
        }),
      };
    }
  }
}
