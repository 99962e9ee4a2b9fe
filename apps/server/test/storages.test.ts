import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStoragesResponseSchema,
  type GetStoragesResponse,
  type SaveStorageResponse,
  type Storage,
} from '@emberwatch/shared/contracts/storages';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api } from './support/probeHelpers.js';

const rows = (n: number, length = 3) =>
  Array.from({ length: n }, (_, index) => ({ index, rowLength: length }));
const placed = (id: string, row: number, column: number, floor = 0) => ({ id, row, column, floor });
const bin = (id: string) => ({ id, row: -1, column: -1, floor: 0 });

/** A rows storage on the hay farm's north barn; `over` replaces fields. */
function item(over: object = {}) {
  return {
    name: 'Barn 1',
    type: 'Round bales',
    capacity: 200,
    BS_ID: 'F1000001',
    layoutType: 1,
    sensor_layout: { rows: rows(3), floors: 1, sensors: [] as object[] },
    stacks: [] as object[],
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
    ...over,
  };
}

function stack(index: number, over: object = {}) {
  const piles = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 6; c++) piles.push({ c, r, h: 4 });
  return { index, nRows: 3, nColumns: 6, color: '#c8a165', sensors: [] as object[], piles, ...over };
}

describe(`storages on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let hayId: number;
  let helperId: number;
  let grainId: number;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    helperId = (await t.findUser('hay-helper@demo.emberwatch'))!.id;
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    // These tests build their own storages from the demo probes: free them from the seeded ones.
    for (const who of ['hay', 'grain']) {
      const res = await call.get(who, '/client/getStorages');
      for (const s of res.json<GetStoragesResponse>().results)
        await call.post(who, '/client/removeStorage', { itemID: s.itemID });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (who: string, body: object) => call.post(who, '/client/saveStorage', body);
  const remove = (who: string, body: object) => call.post(who, '/client/removeStorage', body);
  const list = async (who = 'hay', uid?: number): Promise<Storage[]> => {
    const res = await call.get(who, `/client/getStorages${uid ? `?UID=${uid}` : ''}`);
    expect(res.statusCode).toBe(200);
    // The list is sent without the serialiser's schema pass: what goes out must be the contract exactly.
    const body = res.json<GetStoragesResponse>();
    expect(getStoragesResponseSchema.parse(body)).toEqual(body);
    return body.results;
  };
  const created = async (who: string, body: object): Promise<Storage> => {
    const res = await save(who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SaveStorageResponse>().item;
  };
  const setUser = (username: string, set: { grand_master?: number; segment?: number | null }) =>
    t.store.db.updateTable('users').set(set).where('username', '=', `${username}@demo.emberwatch`).execute();

  it('creates a storage with probes placed and in the bin, and lists it', async () => {
    const layout = {
      rows: rows(3),
      floors: 1,
      sensors: [placed('H10001', 0, 0), placed('H10002', 2, 2), bin('H10003')],
    };
    const s = await created('hay', { item: item({ name: 'Create test', sensor_layout: layout }) });
    expect(s).toMatchObject({
      UID: hayId,
      name: 'Create test',
      type: 'Round bales',
      capacity: 200,
      BS_ID: 'F1000001',
      layoutType: 1,
      undefinedLayoutType: false,
      sensor_layout: layout,
      stacks: [],
      monitor: null,
    });
    expect(s.itemID).toBeGreaterThan(0);
    expect((await list()).find((x) => x.itemID === s.itemID)).toEqual(s);
  });

  it('lists the storages sorted by name, whatever the case, and a master sees them', async () => {
    for (const name of ['zeta shed', 'Alpha barn', 'mid stack'])
      await created('hay', { item: item({ name }) });
    const names = (await list()).map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names.indexOf('Alpha barn')).toBeLessThan(names.indexOf('mid stack'));
    expect(names.indexOf('mid stack')).toBeLessThan(names.indexOf('zeta shed'));
    expect((await list('master', hayId)).map((s) => s.name)).toEqual(names);
    expect((await list('admin', hayId)).map((s) => s.name)).toEqual(names);
    expect(await list('grain')).toEqual([]);
  });

  it('edits a storage: the whole item is replaced, and a probe it let go may go elsewhere', async () => {
    const s = await created('hay', {
      item: item({
        name: 'Edit test',
        sensor_layout: { rows: rows(2), floors: 1, sensors: [placed('H10004', 0, 0)] },
      }),
    });
    const edited = await created('hay', {
      item: item({
        itemID: s.itemID,
        name: 'Edit test, renamed',
        layoutType: 2,
        capacity: null,
        sensor_layout: { rows: rows(4, 5), floors: 3, sensors: [placed('H10005', 3, 4, 2)] },
        layout_prefs: { angleDefault: 30, sizeDefault: 60, spaceDefault: 40 },
        qualityPeriod: { from: 1_700_000_000, to: null },
      }),
    });
    expect(edited).toMatchObject({
      itemID: s.itemID,
      name: 'Edit test, renamed',
      layoutType: 2,
      capacity: null,
      layout_prefs: { angleDefault: 30, sizeDefault: 60, spaceDefault: 40 },
      qualityPeriod: { from: 1_700_000_000, to: null },
    });
    expect((await list()).find((x) => x.itemID === s.itemID)).toEqual(edited);
    await created('hay', {
      item: item({
        name: 'Takes H10004',
        sensor_layout: { rows: rows(1), floors: 1, sensors: [bin('H10004')] },
      }),
    });
  });

  it('saves a stacks storage with probes in bales, and refuses a probe beside the piles', async () => {
    const s = await created('hay', {
      item: item({
        name: 'Stacks test',
        layoutType: 3,
        sensor_layout: null,
        stacks: [stack(0, { sensors: [placed('H10006', 2, 5, 3)] }), stack(1)],
      }),
    });
    expect(s.stacks).toHaveLength(2);
    const offBale = item({
      name: 'Off bale',
      layoutType: 3,
      sensor_layout: null,
      stacks: [stack(0, { piles: [{ c: 0, r: 0, h: 2 }], sensors: [placed('H10007', 0, 0, 2)] })],
    });
    const res = await save('hay', { item: offBale });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Probe H10007 is not in a bale of stack 0.' });
  });

  it('removes a storage; its probes are free again', async () => {
    const s = await created('hay', {
      item: item({
        name: 'Remove test',
        sensor_layout: { rows: rows(1), floors: 1, sensors: [placed('H10008', 0, 1)] },
      }),
    });
    const res = await remove('hay', { itemID: s.itemID });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status_code: 0 });
    expect((await list()).some((x) => x.itemID === s.itemID)).toBe(false);
    await created('hay', {
      item: item({
        name: 'After remove',
        sensor_layout: { rows: rows(1), floors: 1, sensors: [placed('H10008', 0, 0)] },
      }),
    });
  });

  describe('refusals change nothing', () => {
    let target: Storage;
    beforeAll(async () => {
      target = await created('hay', {
        item: item({
          name: 'Guarded',
          sensor_layout: { rows: rows(2), floors: 1, sensors: [placed('H10009', 1, 1)] },
        }),
      });
    });
    const unchanged = async () =>
      expect((await list()).find((x) => x.itemID === target.itemID)).toEqual(target);

    it("refuses another account's storage id to edit, remove or name by UID", async () => {
      for (const res of [
        await save('grain', {
          item: item({
            itemID: target.itemID,
            name: 'Mine',
            BS_ID: 'F2000001',
            sensor_layout: null,
            layoutType: null,
          }),
        }),
        await save('grain', { item: item({ itemID: target.itemID, name: 'Mine' }) }),
        await remove('grain', { itemID: target.itemID }),
        await remove('grain', { itemID: 999_999 }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status_code: 403, error: 'You do not have access to this storage.' });
      }
      expect((await call.get('grain', `/client/getStorages?UID=${hayId}`)).statusCode).toBe(403);
      await unchanged();
    });

    it("refuses a probe of another account or an unknown one, and another account's station", async () => {
      const before = (await list()).length;
      for (const id of ['G20001', 'H99999']) {
        const res = await save('hay', {
          item: item({
            name: 'Stranger',
            sensor_layout: { rows: rows(1), floors: 1, sensors: [placed(id, 0, 0)] },
          }),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          status_code: 403,
          error: `Probe ${id} is not one of this account's probes.`,
        });
      }
      const res = await save('hay', { item: item({ name: 'Foreign station', BS_ID: 'F2000001' }) });
      expect(res.statusCode).toBe(403);
      expect((await list()).length).toBe(before);
    });

    it('refuses a probe already in another storage of the account, and one placed twice', async () => {
      const before = (await list()).length;
      let res = await save('hay', {
        item: item({ name: 'Thief', sensor_layout: { rows: rows(1), floors: 1, sensors: [bin('H10009')] } }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Probe H10009 is already in storage "Guarded".' });
      res = await save('hay', {
        item: item({
          name: 'Twice',
          sensor_layout: { rows: rows(1), floors: 1, sensors: [placed('H10010', 0, 0), bin('H10010')] },
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Probe H10010 is placed twice.' });
      expect((await list()).length).toBe(before);
    });

    it('keeps a probe in one storage when two saves race to place it', async () => {
      const body = (name: string) => ({
        item: item({ name, sensor_layout: { rows: rows(1), floors: 1, sensors: [placed('H10013', 0, 0)] } }),
      });
      const results = await Promise.all([save('hay', body('Race A')), save('hay', body('Race B'))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const holders = (await list()).filter((s) => s.sensor_layout?.sensors.some((p) => p.id === 'H10013'));
      expect(holders).toHaveLength(1);
      expect((await list()).filter((s) => s.name.startsWith('Race '))).toHaveLength(1);
    });

    it('refuses what breaks the limits of spec doc 3 §5, and lets segment 15 grow larger', async () => {
      const layout = (over: object) => ({ rows: rows(3), floors: 1, sensors: [], ...over });
      const cases: [object, string | RegExp][] = [
        [item({ name: '' }), /name is required/],
        [item({ type: ' ' }), /type is required/],
        [item({ sensor_layout: layout({ rows: rows(11) }) }), 'A layout has at most 10 rows.'],
        [item({ sensor_layout: layout({ rows: rows(2, 21) }) }), 'A row has at most 20 columns.'],
        [item({ sensor_layout: layout({ rows: rows(16) }) }), /./],
        [item({ layoutType: 2, sensor_layout: layout({ floors: 11 }) }), /./],
        [
          item({ sensor_layout: layout({ floors: 2 }) }),
          'A rows layout has one floor; use floors (layoutType 2).',
        ],
        [
          item({ sensor_layout: layout({ sensors: [placed('H10011', 0, 3)] }) }),
          'Probe H10011 is outside the layout.',
        ],
        [
          item({ sensor_layout: layout({ sensors: [placed('H10011', 0, 0), placed('H10012', 0, 0)] }) }),
          'Probe H10012 is on a cell that holds another probe.',
        ],
        [
          item({
            layoutType: 3,
            sensor_layout: null,
            stacks: Array.from({ length: 11 }, (_, i) => stack(i)),
          }),
          /./,
        ],
        [
          item({
            layoutType: 3,
            sensor_layout: null,
            stacks: [stack(0, { piles: [{ c: 0, r: 0, h: 11 }] })],
          }),
          /./,
        ],
        [
          item({ layoutType: 3, sensor_layout: null, stacks: [stack(0, { nColumns: 21 })] }),
          'A stack has at most 20 columns.',
        ],
        [item({ stacks: [stack(0)] }), 'Only a stacks layout (layoutType 3) has stacks.'],
        [item({ layoutType: 7 }), 'Unknown layout type 7.'],
        [item({ capacity: 1001 }), 'The capacity is at most 1000.'],
        [item({ monitor: 3 }), 'There is no monitor 3.'],
      ];
      const before = (await list()).length;
      for (const [body, error] of cases) {
        const res = await save('hay', { item: body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(error);
      }
      expect((await list()).length).toBe(before);

      await setUser('hay', { segment: 15 });
      try {
        const big = await created('hay', {
          item: item({ name: 'Segment 15', sensor_layout: layout({ rows: rows(15, 30) }) }),
        });
        expect(big.sensor_layout?.rows).toHaveLength(15);
      } finally {
        await setUser('hay', { segment: null });
      }
    });

    it("refuses a monitor whose fan-control rule drives another storage's controller", async () => {
      // The account's own RC unit (a fan rule naming another account's or an unknown one is refused).
      const rc = await call.post('admin', '/admin/registerRC12', { UID: hayId, fc_id: 'FC-1', channels: 2 });
      expect(rc.statusCode, rc.body).toBe(200);
      const fanMonitor = await call.post('hay', '/client/saveMonitor', {
        item: {
          name: 'Fans',
          rules: [{ id: 1, type: 'MANUAL_CONTROL', settings: { FC_ID: 'FC-1', notifications: false } }],
          defaultMonitor: false,
          compost: false,
          demoType: null,
        },
      });
      expect(fanMonitor.statusCode, fanMonitor.body).toBe(200);
      const monitor = fanMonitor.json<{ item: { itemID: number } }>().item.itemID;
      const first = await created('hay', { item: item({ name: 'Fan barn', monitor }) });
      // Saving the storage that has it again is fine; another storage may not take it.
      await created('hay', { item: { ...item({ name: 'Fan barn 2', monitor }), itemID: first.itemID } });
      const second = await save('hay', { item: item({ name: 'Other barn', monitor }) });
      expect(second.statusCode).toBe(400);
      expect(second.json<{ error: string }>().error).toBe(
        `Monitor ${monitor} drives another storage's fan controller; choose another monitor.`,
      );
      await remove('hay', { itemID: first.itemID });
      // Once the storage is gone, the monitor is free again.
      const third = await created('hay', { item: item({ name: 'Other barn', monitor }) });
      await remove('hay', { itemID: third.itemID });
      await call.post('hay', '/client/removeMonitor', { itemID: monitor });
    });

    it('refuses alerts to users outside the account, and takes its sub-users', async () => {
      const messaging = (uids: number[]) => ({
        sms: { active: true, UIDS: uids },
        email: { active: false, UIDS: [] },
        voice: { active: false, UIDS: [], noCallHours: [9, 17], tempLimit: 60 },
        sentinel: { active: false },
      });
      const res = await save('hay', { item: item({ name: 'Alerts', alertMessaging: messaging([grainId]) }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: `User ${grainId} is not a user of this account.` });
      const s = await created('hay', {
        item: item({ name: 'Alerts', alertMessaging: messaging([hayId, helperId]) }),
      });
      expect(s.alertMessaging?.sms.UIDS).toEqual([hayId, helperId]);
    });

    it("refuses a master's writes; a grand master may make them", async () => {
      for (const res of [
        await save('master', { UID: hayId, item: item({ name: 'By master' }) }),
        await save('master', { item: item({ itemID: target.itemID, name: 'By master' }) }),
        await remove('master', { UID: hayId, itemID: target.itemID }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          status_code: 403,
          error: 'A master account can view these stations but not change them.',
        });
      }
      await unchanged();

      await setUser('master', { grand_master: 1 });
      try {
        const s = await created('master', { UID: hayId, item: item({ name: 'By grand master' }) });
        expect(s.UID).toBe(hayId);
        expect((await remove('master', { itemID: s.itemID })).statusCode).toBe(200);
      } finally {
        await setUser('master', { grand_master: 0 });
      }
    });

    it('lets a sub-user build storages in the account but not delete them', async () => {
      const s = await created('hay-helper', { item: item({ name: 'By helper' }) });
      expect(s.UID).toBe(hayId);
      expect(
        (await created('hay-helper', { item: item({ itemID: s.itemID, name: 'By helper, renamed' }) })).name,
      ).toBe('By helper, renamed');
      const res = await remove('hay-helper', { itemID: s.itemID });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status_code: 403, error: 'Only the account owner can delete storages.' });
      expect((await list()).some((x) => x.itemID === s.itemID)).toBe(true);
    });

    // Issue 28: as hay-helper, saveStorage with sms.active:false, email.active:false was stored.
    it("does not let a sub-user switch off or change a storage's alerts or its monitor", async () => {
      const on = { active: true, UIDS: [hayId] };
      const messaging = {
        sms: on,
        email: on,
        voice: { active: false, UIDS: [], noCallHours: [9, 17], tempLimit: 60 },
        sentinel: { active: false },
      };
      const s = await created('hay', { item: item({ name: 'Watched barn', alertMessaging: messaging }) });
      const off = { ...messaging, sms: { ...on, active: false }, email: { ...on, active: false } };
      for (const change of [{ alertMessaging: off }, { alertMessaging: null }, { monitor: 1 }]) {
        const res = await call.post('hay-helper', '/client/saveStorage', {
          item: item({ itemID: s.itemID, name: 'Watched barn', alertMessaging: messaging, ...change }),
        });
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json<{ error: string }>().error).toBe(
          "Only the account owner can change a storage's alerts and monitor.",
        );
      }
      const stored = (await list()).find((x) => x.itemID === s.itemID)!;
      expect(stored.alertMessaging).toEqual(messaging);
      expect(stored.monitor).toBeNull();
      // His layout work with the alerts as stored still saves.
      const renamed = await created('hay-helper', {
        item: item({ itemID: s.itemID, name: 'Watched barn, east', alertMessaging: messaging }),
      });
      expect(renamed).toMatchObject({ name: 'Watched barn, east', alertMessaging: messaging });
    });

    it('lets an admin act for a customer by UID', async () => {
      const s = await created('admin', { UID: hayId, item: item({ name: 'By admin' }) });
      expect(s.UID).toBe(hayId);
      expect((await list('admin', hayId)).some((x) => x.itemID === s.itemID)).toBe(true);
      expect((await remove('admin', { itemID: s.itemID })).statusCode).toBe(200);
    });
  });
});
