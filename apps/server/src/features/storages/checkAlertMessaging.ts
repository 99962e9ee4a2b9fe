import { alertMessagingOrDefault, type AlertMessaging } from '@emberwatch/shared/contracts/storages';
import { ApiError } from '../../http/ApiError.js';
import type { AlertRights } from './alertContacts.repository.js';

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The checks a storage's new alert messaging must pass (spec doc 3 §3, §5, §6), against what is
 * stored: recipients are users of the storage's account, each at most once per channel; voice and
 * Sentinel are changed only by an account that has them. A setting left as it was is not refused,
 * so a storage saved before a right was withdrawn can still be renamed. Whether a chosen user has a
 * phone or an address is not refused here: phones and addresses change elsewhere, and delivery uses
 * only those that are complete (deliveryMessagingOf); the web offers only those.
 */
export function checkAlertMessaging(
  next: AlertMessaging | null,
  stored: AlertMessaging | null,
  accountUserIds: ReadonlySet<number>,
  rights: AlertRights,
): ApiError | null {
  if (!next) return null;
  const before = alertMessagingOrDefault(stored);
  for (const channel of ['sms', 'email', 'voice'] as const) {
    const uids = next[channel].UIDS;
    const stranger = uids.find((u) => !accountUserIds.has(u));
    if (stranger !== undefined)
      return ApiError.invalid(`User ${stranger} is not a user of this account.`, 'item.alertMessaging');
    if (new Set(uids).size !== uids.length)
      return ApiError.invalid(
        `A user is chosen twice for ${channel}.`,
        `item.alertMessaging.${channel}.UIDS`,
      );
  }
  const voiceChanged =
    next.voice.active !== before.voice.active ||
    !sameIds(next.voice.UIDS, before.voice.UIDS) ||
    next.voice.tempLimit !== before.voice.tempLimit ||
    next.voice.noCallHours[0] !== before.voice.noCallHours[0] ||
    next.voice.noCallHours[1] !== before.voice.noCallHours[1];
  if (voiceChanged && !rights.voiceCallEnabled)
    return ApiError.forbidden('Voice call alerts are not enabled for this account.');
  if (next.sentinel.active !== before.sentinel.active && !rights.sentinel)
    return ApiError.forbidden('This account has no Sentinel alarm system.');
  return null;
}
