import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertMessaging,
  GetAlertRecipientsResponse,
  GetStoragesResponse,
  SaveStorageResponse,
  Storage,
  StorageAlertMessaging,
} from '@emberwatch/shared/contracts/storages';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api } from './support/probeHelpers.js';
import { StorageRepository } from '../src/features/storages/storage.repository.js';

/** A storage of the hay farm without probes; `over` replaces fields. */
function item(over: object = {}) {
  return {
    name: 'Alert barn',
    type: 'Round bales',
    capacity: 100,
    BS_ID: 'F1000001',
    layoutType: 1,
    sensor_layout: { rows: [{ index: 0, rowLength: 3 }], floors: 1, sensors: [] as object[] },
    stacks: [] as object[],
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
    ...over,
  };
}

function messaging(over: Partial<Record<keyof AlertMessaging, object>> = {}): AlertMessaging {
  return {
    sms: { active: false, UIDS: [], ...over.sms },
    email: { active: false, UIDS: [], ...over.email },
    voice: { active: false, UIDS: [], noCallHours: [9, 17], tempLimit: 60, ...over.voice },
    sentinel: { active: false, ...over.sentinel },
  };
}

describe(`storage alert messaging on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let hayId: number;
  let helperId: number;
  let grainId: number;
  let barn: Storage;
  let alertMessagingOf: (ownerId: number, itemId: number) => Promise<StorageAlertMessaging | null>;

  const setUser = (username: string, set: Record<string, string | number | null>) =>
    t.store.db.updateTable('users').set(set).where('username', '=', `${username}@demo.emberwatch`).execute();
  const save = (who: string, body: object) => call.post(who, '/client/saveStorage', body);
  const setHours = (who: string, body: object) => call.post(who, '/client/setCustomAlertHours', body);
  const stored = async (itemID = barn.itemID): Promise<Storage> => {
    const res = await call.get('hay', '/client/getStorages');
    return res.json<GetStoragesResponse>().results.find((s) => s.itemID === itemID)!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    helperId = (await t.findUser('hay-helper@demo.emberwatch'))!.id;
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    await setUser('hay', { phone: '+358 40 123 4567' });
    await setUser('hay-helper', { phone: '+358 40 123', email: null });
    const storages = t.features.find((f) => f.name === 'storages')!.exports as {
      alertMessagingOf: typeof alertMessagingOf;
    };
    alertMessagingOf = storages.alertMessagingOf;
    const res = await save('hay', { item: item() });
    expect(res.statusCode, res.body).toBe(200);
    barn = res.json<SaveStorageResponse>().item;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('getAlertRecipients', () => {
    it("lists the account's owner first, then its sub-users, with phone and address", async () => {
      const res = await call.get('hay', '/client/getAlertRecipients');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<GetAlertRecipientsResponse>();
      expect(body.results.map((r) => r.U_ID)).toEqual([hayId, helperId]);
      expect(body.results[0]).toMatchObject({
        owner: true,
        phone: '+358 40 123 4567',
        phoneComplete: true,
        email: 'hay@example.com',
      });
      // 6 digits after +358: not complete; no address: the e-mail box is disabled in the web.
      expect(body.results[1]).toMatchObject({ owner: false, phoneComplete: false, email: null });
      expect(body).toMatchObject({ voiceCallEnabled: false, sentinel: false });
    });

    it('gives a sub-user and an authorised master the same list; another account is refused', async () => {
      const own = (await call.get('hay', '/client/getAlertRecipients')).json<GetAlertRecipientsResponse>();
      const helper = await call.get('hay-helper', '/client/getAlertRecipients');
      expect(helper.json<GetAlertRecipientsResponse>().results).toEqual(own.results);
      const master = await call.get('master', `/client/getAlertRecipients?UID=${hayId}`);
      expect(master.json<GetAlertRecipientsResponse>().results).toEqual(own.results);
      const grain = await call.get('grain', `/client/getAlertRecipients?UID=${hayId}`);
      expect(grain.statusCode).toBe(403);
      expect(grain.body).not.toContain('4567');
    });
  });

  describe('saving alert messaging with the storage', () => {
    it('saves SMS and e-mail recipients of the account', async () => {
      const m = messaging({ sms: { active: true, UIDS: [hayId] }, email: { active: true, UIDS: [hayId] } });
      const res = await save('hay', { item: item({ itemID: barn.itemID, alertMessaging: m }) });
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored()).alertMessaging).toEqual(m);
    });

    it.each([
      ['a user of another account', () => messaging({ sms: { active: true, UIDS: [grainId] } }), 400],
      ['a user chosen twice', () => messaging({ email: { active: true, UIDS: [hayId, hayId] } }), 400],
      ['voice without the voice right', () => messaging({ voice: { active: true, UIDS: [hayId] } }), 403],
      ['hours without the voice right', () => messaging({ voice: { noCallHours: [8, 8] } }), 403],
      ['Sentinel without a Sentinel target', () => messaging({ sentinel: { active: true } }), 403],
      ['a voice limit above 99 °C', () => messaging({ voice: { tempLimit: 100 } }), 400],
      ['an hour above 24', () => messaging({ voice: { noCallHours: [9, 25] } }), 400],
    ])('refuses %s and changes nothing', async (_label, m, status) => {
      const before = await stored();
      const res = await save('hay', {
        item: item({ itemID: barn.itemID, name: 'Renamed', alertMessaging: m() }),
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(await stored()).toEqual(before);
    });

    it('keeps voice settings saved before the right was withdrawn when something else changes', async () => {
      await setUser('hay', { voice_call_enabled: 1 });
      const m = messaging({ voice: { active: true, UIDS: [hayId] } });
      expect((await save('hay', { item: item({ itemID: barn.itemID, alertMessaging: m }) })).statusCode).toBe(
        200,
      );
      await setUser('hay', { voice_call_enabled: 0 });
      const res = await save('hay', {
        item: item({ itemID: barn.itemID, name: 'Renamed', alertMessaging: m }),
      });
      expect(res.statusCode, res.body).toBe(200);
      // …but delivery does not call while the account has no voice right.
      expect((await alertMessagingOf(hayId, barn.itemID))?.voice).toMatchObject({
        active: false,
        recipients: [],
      });
      await save('hay', { item: item({ itemID: barn.itemID, alertMessaging: null }) });
    });

    it("refuses a master's change; another account cannot touch the storage", async () => {
      const m = messaging({ sms: { active: true, UIDS: [hayId] } });
      const before = await stored();
      const master = await save('master', {
        UID: hayId,
        item: item({ itemID: barn.itemID, alertMessaging: m }),
      });
      expect(master.statusCode).toBe(403);
      const grain = await save('grain', { item: item({ itemID: barn.itemID, alertMessaging: m }) });
      expect(grain.statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });
  });

  describe('setCustomAlertHours', () => {
    it('refuses an account without voice calls and changes nothing', async () => {
      const before = await stored();
      const res = await setHours('hay', { itemID: barn.itemID, noCallHours: [22, 6], tempLimit: 70 });
      expect(res.statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it('saves the voice limit and no-call hours only, for the owner and not a sub-user', async () => {
      await setUser('hay', { voice_call_enabled: 1 });
      const m = messaging({ sms: { active: true, UIDS: [hayId] } });
      await save('hay', { item: item({ itemID: barn.itemID, alertMessaging: m }) });
      const res = await setHours('hay', { itemID: barn.itemID, noCallHours: [22, 6], tempLimit: 70 });
      expect(res.statusCode, res.body).toBe(200);
      const expected = { ...m, voice: { ...m.voice, noCallHours: [22, 6], tempLimit: 70 } };
      expect(res.json<SaveStorageResponse>().item.alertMessaging).toEqual(expected);
      expect((await stored()).alertMessaging).toEqual(expected);
      // Start = end: calls day and night.
      const allDay = await setHours('hay', { itemID: barn.itemID, noCallHours: [0, 0], tempLimit: 60 });
      expect(allDay.statusCode, allDay.body).toBe(200);
      expect((await stored()).alertMessaging?.voice.noCallHours).toEqual([0, 0]);
      // Issue 28 (docs/roles.md): when the voice calls ring is the owner's, not a sub-user's.
      const helper = await setHours('hay-helper', {
        itemID: barn.itemID,
        noCallHours: [9, 17],
        tempLimit: 90,
      });
      expect(helper.statusCode, helper.body).toBe(403);
      expect((await stored()).alertMessaging?.voice).toMatchObject({ noCallHours: [0, 0], tempLimit: 60 });
    });

    it('fills the defaults for a storage that never had messaging', async () => {
      const other = (await save('hay', { item: item({ name: 'Fresh barn' }) })).json<SaveStorageResponse>()
        .item;
      const res = await setHours('hay', { itemID: other.itemID, noCallHours: [9, 17], tempLimit: 55 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SaveStorageResponse>().item.alertMessaging).toEqual(
        messaging({ voice: { tempLimit: 55 } }),
      );
    });

    it.each([
      [{ noCallHours: [9, 25], tempLimit: 60 }],
      [{ noCallHours: [9], tempLimit: 60 }],
      [{ noCallHours: [9, 17], tempLimit: 100 }],
      [{ noCallHours: [9, 17], tempLimit: -1 }],
      [{ noCallHours: [9, 17], tempLimit: 60.5 }],
      [{ noCallHours: [9, 17] }],
      [{ noCallHours: [9, 17], tempLimit: 60, extra: 1 }],
    ])('refuses %j with 400 and changes nothing', async (body) => {
      const before = await stored();
      const res = await setHours('hay', { itemID: barn.itemID, ...body });
      expect(res.statusCode).toBe(400);
      expect(await stored()).toEqual(before);
    });

    it('writes the hours in the store only over what the caller read (compare-and-set)', async () => {
      const repo = new StorageRepository(t.store.db);
      const current = (await repo.findById(barn.itemID))!.alert_messaging;
      const saved = { nowS: 1, byUserId: hayId };
      expect(await repo.replaceAlertMessaging(barn.itemID, '{"stale":true}', '{"lost":true}', saved)).toBe(
        false,
      );
      expect((await repo.findById(barn.itemID))!.alert_messaging).toBe(current);
      expect(await repo.replaceAlertMessaging(barn.itemID, current, current!, saved)).toBe(true);
    });

    it('refuses a master, another account and an unknown storage alike', async () => {
      const before = await stored();
      const body = { itemID: barn.itemID, noCallHours: [1, 2], tempLimit: 40 };
      expect((await setHours('master', { ...body, UID: hayId })).statusCode).toBe(403);
      expect((await setHours('grain', body)).statusCode).toBe(403);
      expect((await setHours('grain', { ...body, UID: hayId })).statusCode).toBe(403);
      expect((await setHours('hay', { ...body, itemID: 999_999 })).statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it('lets a grand master and an admin set them', async () => {
      await setUser('master', { grand_master: 1 });
      try {
        const body = { UID: hayId, itemID: barn.itemID, noCallHours: [6, 20], tempLimit: 65 };
        expect((await setHours('master', body)).statusCode).toBe(200);
        expect((await setHours('admin', { ...body, tempLimit: 66 })).statusCode).toBe(200);
        expect((await stored()).alertMessaging?.voice).toMatchObject({ noCallHours: [6, 20], tempLimit: 66 });
      } finally {
        await setUser('master', { grand_master: 0 });
      }
    });
  });

  describe('alertMessagingOf (for delivery)', () => {
    it('gives each channel its recipients with a usable phone or address', async () => {
      await setUser('hay', { voice_call_enabled: 1 });
      await setUser('hay-helper', { email: 'helper@example.com' });
      const m = messaging({
        sms: { active: true, UIDS: [hayId, helperId] },
        email: { active: true, UIDS: [helperId] },
        voice: { active: true, UIDS: [hayId, helperId], noCallHours: [22, 6], tempLimit: 70 },
      });
      expect((await save('hay', { item: item({ itemID: barn.itemID, alertMessaging: m }) })).statusCode).toBe(
        200,
      );
      const view = await alertMessagingOf(hayId, barn.itemID);
      expect(view).toMatchObject({
        storageId: barn.itemID,
        ownerId: hayId,
        storageName: 'Alert barn',
        bsId: 'F1000001',
      });
      // The helper's phone is incomplete: no SMS and no call to him.
      expect(view?.sms).toEqual({
        active: true,
        recipients: [
          {
            userId: hayId,
            name: 'Hillside Hay Farm',
            address: '+358 40 123 4567',
            language: 'en',
            country: 'fi',
          },
        ],
      });
      expect(view?.email.recipients.map((r) => r.address)).toEqual(['helper@example.com']);
      expect(view?.voice).toMatchObject({ active: true, noCallHours: [22, 6], tempLimit: 70 });
      expect(view?.voice.recipients.map((r) => r.userId)).toEqual([hayId]);
      expect(view?.sentinel).toEqual({ active: false });
    });

    it("answers null for another account's storage or an unknown one", async () => {
      expect(await alertMessagingOf(grainId, barn.itemID)).toBeNull();
      expect(await alertMessagingOf(hayId, 999_999)).toBeNull();
    });

    it('gives defaults, all off, for a storage that never had messaging', async () => {
      const other = (await save('hay', { item: item({ name: 'Quiet barn' }) })).json<SaveStorageResponse>()
        .item;
      const view = await alertMessagingOf(hayId, other.itemID);
      expect(view?.sms).toEqual({ active: false, recipients: [] });
      expect(view?.voice).toMatchObject({ active: false, noCallHours: [9, 17], tempLimit: 60 });
    });
  });
});
