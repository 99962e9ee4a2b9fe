import { describe, expect, it } from 'vitest';
import { defaultAlertMessaging } from '@emberwatch/shared/contracts/storages';
import type { AccessService, Actor } from '../src/http/access/index.js';
import type { StorageRepository, StorageRow } from '../src/features/storages/storage.repository.js';
import { StorageAlertsService } from '../src/features/storages/storageAlerts.service.js';

/**
 * setCustomAlertHours writes only if the stored messaging is still what it read: a whole-item save
 * landing in between (here: SMS switched on) is kept, and the hours are written over it.
 */
function setup(failures: number) {
  const smsOn = { ...defaultAlertMessaging(), sms: { active: true, UIDS: [7] } };
  let row: StorageRow = {
    id: 5,
    owner_user_id: 7,
    bs_id: 'F1000001',
    name: 'Barn',
    type: 'Round bales',
    capacity: null,
    layout_type: 1,
    sensor_layout: null,
    stacks: '[]',
    monitor_id: null,
    layout_prefs: null,
    alert_messaging: null,
    quality_period: null,
    created_ts: 0,
    updated_ts: 0,
    updated_by: null,
    data_break_s: null,
  };
  const written: (string | null)[] = [];
  let left = failures;
  const repo = {
    findById: () => Promise.resolve(row),
    replaceAlertMessaging: (_id: number, expected: string | null, next: string) => {
      written.push(expected);
      if (left-- > 0) {
        // Someone saved the storage meanwhile.
        row = { ...row, alert_messaging: JSON.stringify(smsOn) };
        return Promise.resolve(false);
      }
      row = { ...row, alert_messaging: next };
      return Promise.resolve(true);
    },
  } as unknown as StorageRepository;
  const access = { assertMayChange: () => undefined } as unknown as AccessService;
  const service = new StorageAlertsService(
    repo,
    { storageFor: () => Promise.resolve(row) },
    access,
    {
      contactsOf: () => Promise.resolve([]),
      rightsOf: () => Promise.resolve({ voiceCallEnabled: true, sentinel: false }),
    },
    () => 1000,
  );
  const actor = { user: { id: 7 } } as unknown as Actor;
  return { service, actor, written, smsOn, row: () => row };
}

describe('setCustomAlertHours against a concurrent save', () => {
  it('reads again and keeps the other save', async () => {
    const { service, actor, written, smsOn } = setup(1);
    const saved = await service.setCustomAlertHours(actor, {
      itemID: 5,
      noCallHours: [22, 6],
      tempLimit: 70,
    });
    expect(written).toEqual([null, JSON.stringify(smsOn)]);
    expect(saved.alertMessaging).toEqual({
      ...smsOn,
      voice: { ...smsOn.voice, noCallHours: [22, 6], tempLimit: 70 },
    });
  });

  it('gives up with 503 after three lost races, having written nothing', async () => {
    const { service, actor, written, smsOn, row } = setup(3);
    await expect(
      service.setCustomAlertHours(actor, { itemID: 5, noCallHours: [22, 6], tempLimit: 70 }),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(written).toHaveLength(3);
    expect(row().alert_messaging).toBe(JSON.stringify(smsOn));
  });
});
