import type { RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import {
  alertMessagingOrDefault,
  isPhoneComplete,
  phoneE164,
  type AlertRecipient,
  type GetAlertRecipientsResponse,
  type SetCustomAlertHoursRequest,
  type Storage,
  type StorageAlertMessaging,
} from '@emberwatch/shared/contracts/storages';
import { ApiError } from '../../http/ApiError.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { AlertContact, AlertContactsRepository } from './alertContacts.repository.js';
import { deliveryMessagingOf } from './deliveryMessagingOf.js';
import { presentStorage } from './storage.presenter.js';
import type { StorageRepository, StorageRow } from './storage.repository.js';
import type { StorageService } from './storage.service.js';

/** A concurrent save between our read and write is retried this often before giving up. */
const HOURS_WRITE_ATTEMPTS = 3;

/**
 * Storage alert messaging beyond the whole-item save (spec doc 3 §3 alertMessaging, §5 "Alerting"
 * and "Phones and e-mails", §6; doc 1 §7 setCustomAlertHours): who the account's alerts may reach,
 * the voice limit and no-call hours, and the view the delivery feature reads.
 */
export class StorageAlertsService {
  constructor(
    private readonly repo: StorageRepository,
    private readonly storages: Pick<StorageService, 'storageFor'>,
    private readonly access: AccessService,
    private readonly contacts: Pick<AlertContactsRepository, 'contactsOf' | 'rightsOf'>,
    private readonly nowS: () => number,
    /** The account's failing recipients (the delivery feature's); none without it. */
    private readonly healthOf: (accountId: number) => Promise<RecipientHealth[]> = () => Promise.resolve([]),
  ) {}

  /** GET /client/getAlertRecipients: the account's owner and sub-users with their phone and address. */
  async recipients(
    actor: Actor,
    uid: number | undefined,
  ): Promise<Omit<GetAlertRecipientsResponse, 'status_code'>> {
    const accountId = await this.access.accountIdFor(actor, uid);
    const [contacts, rights, failing] = await Promise.all([
      this.contacts.contactsOf(accountId),
      this.contacts.rightsOf(accountId),
      this.healthOf(accountId),
    ]);
    const results: AlertRecipient[] = contacts.map((c) => ({
      U_ID: c.id,
      name: c.name,
      phone: c.phone,
      phoneComplete: isPhoneComplete(c.phone),
      email: c.email,
      owner: c.owner,
      health: healthOfContact(c, failing),
    }));
    return {
      results,
      voiceCallEnabled: rights.voiceCallEnabled,
      sentinel: rights.sentinel,
      sentinelHealth: failing.find((h) => h.channel === 'sentinel') ?? null,
    };
  }

  /** POST /client/setCustomAlertHours: the storage's voice limit (°C) and no-call hours, nothing else. */
  async setCustomAlertHours(actor: Actor, req: SetCustomAlertHoursRequest): Promise<Storage> {
    let row = await this.storages.storageFor(actor, req.UID, req.itemID);
    this.access.assertMayChange(actor, 'editStorageAlerts');
    // Spec doc 3 §6 "Voice alerts: require voiceCallEnabled": the hours are the voice channel's.
    if (!(await this.contacts.rightsOf(row.owner_user_id)).voiceCallEnabled)
      throw ApiError.forbidden('Voice call alerts are not enabled for this account.');
    for (let attempt = 1; ; attempt++) {
      const m = alertMessagingOrDefault(presentStorage(row).alertMessaging);
      const next = { ...m, voice: { ...m.voice, noCallHours: req.noCallHours, tempLimit: req.tempLimit } };
      const written = await this.repo.replaceAlertMessaging(
        row.id,
        row.alert_messaging,
        JSON.stringify(next),
        {
          nowS: this.nowS(),
          byUserId: actor.user.id,
        },
      );
      const fresh = await this.repo.findById(row.id);
      // Deleted meanwhile: alike for the caller as a storage it cannot see.
      if (!fresh) throw ApiError.forbidden('You do not have access to this storage.');
      if (written) return presentStorage(fresh);
      if (attempt >= HOURS_WRITE_ATTEMPTS)
        throw ApiError.unavailable('The storage is being changed. Please try again.');
      row = fresh;
    }
  }

  /** For the delivery feature: how one storage of this account alerts now; null if it has no such storage. */
  async alertMessagingOf(ownerId: number, storageItemId: number): Promise<StorageAlertMessaging | null> {
    const row: StorageRow | undefined = await this.repo.findById(storageItemId);
    if (!row || row.owner_user_id !== ownerId) return null;
    const [contacts, rights] = await Promise.all([
      this.contacts.contactsOf(ownerId),
      this.contacts.rightsOf(ownerId),
    ]);
    return deliveryMessagingOf(
      {
        id: row.id,
        ownerId,
        name: row.name,
        bsId: row.bs_id,
        alertMessaging: presentStorage(row).alertMessaging,
      },
      contacts,
      rights,
    );
  }
}

/**
 * A person's failing channels (decision 0070): the failures of messages to the phone or address the
 * person has now, on SMS, voice, e-mail, and push (addressed to the person). A failing number the person
 * no longer has is not theirs any more: changing it is how the owner fixes it.
 */
export function healthOfContact(
  c: Pick<AlertContact, 'id' | 'phone' | 'email'>,
  failing: readonly RecipientHealth[],
): RecipientHealth[] {
  const phone = c.phone && isPhoneComplete(c.phone) ? phoneE164(c.phone) : null;
  return failing.filter((h) =>
    h.channel === 'email'
      ? c.email !== null && h.address.toLowerCase() === c.email.toLowerCase()
      : h.channel === 'sms' || h.channel === 'voice'
        ? phone !== null && h.address === phone
        : h.channel === 'push' && h.address === String(c.id),
  );
}
