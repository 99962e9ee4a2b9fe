import {
  alertMessagingOrDefault,
  isPhoneComplete,
  type AlertMessaging,
  type DeliveryRecipient,
  type StorageAlertMessaging,
} from '@emberwatch/shared/contracts/storages';
import type { AlertContact, AlertRights } from './alertContacts.repository.js';

/**
 * A storage's messaging as the delivery feature uses it now: each channel's chosen users who still
 * belong to the account and have an address for it (a complete phone for SMS and voice, an e-mail
 * address for e-mail), voice only with the account's voice right and Sentinel only with a target.
 * Settings saved before a right was taken away stay stored, but are not used.
 */
export function deliveryMessagingOf(
  storage: { id: number; ownerId: number; name: string; bsId: string; alertMessaging: AlertMessaging | null },
  contacts: readonly AlertContact[],
  rights: AlertRights,
): StorageAlertMessaging {
  const m = alertMessagingOrDefault(storage.alertMessaging);
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const recipients = (uids: readonly number[], address: (c: AlertContact) => string | null) => {
    const out: DeliveryRecipient[] = [];
    for (const uid of new Set(uids)) {
      const c = byId.get(uid);
      const a = c && address(c);
      if (c && a)
        out.push({ userId: c.id, name: c.name, address: a, language: c.language, country: c.country });
    }
    return out;
  };
  const phone = (c: AlertContact) => (isPhoneComplete(c.phone) ? c.phone : null);
  return {
    storageId: storage.id,
    ownerId: storage.ownerId,
    storageName: storage.name,
    bsId: storage.bsId,
    sms: { active: m.sms.active, recipients: recipients(m.sms.UIDS, phone) },
    email: { active: m.email.active, recipients: recipients(m.email.UIDS, (c) => c.email) },
    voice: {
      active: m.voice.active && rights.voiceCallEnabled,
      recipients: rights.voiceCallEnabled ? recipients(m.voice.UIDS, phone) : [],
      noCallHours: m.voice.noCallHours,
      tempLimit: m.voice.tempLimit,
    },
    sentinel: { active: m.sentinel.active && rights.sentinel },
  };
}
