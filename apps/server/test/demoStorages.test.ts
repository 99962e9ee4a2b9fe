import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetStoragesResponse,
  SaveStorageResponse,
  Storage,
} from '@emberwatch/shared/contracts/storages';
import { DEMO_ACCOUNTS, demoProbeIds } from '../src/features/demo/demoAccounts.js';
import { seedDemoStorages } from '../src/features/demo/seedDemoStorages.js';
import { checkStorageLayout, probesOf } from '../src/features/storages/checkStorageLayout.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const OWNERS = ['hay', 'grain', 'compost'] as const;
const account = (who: string) => DEMO_ACCOUNTS.find((a) => a.username === `${who}@demo.emberwatch`)!;
const accountProbes = (who: string) => account(who).stations.flatMap((s) => demoProbeIds(s));

describe(`demo storages on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of [...OWNERS, 'hay-helper', 'admin']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: string): Promise<Storage[]> => {
    const res = await call.get(who, '/client/getStorages');
    expect(res.statusCode).toBe(200);
    return res.json<GetStoragesResponse>().results;
  };
  /** Every row of both storage tables, in a fixed order: what a seed could change. */
  const snapshot = async () => ({
    storages: await t.store.db.selectFrom('storages').selectAll().orderBy('id').execute(),
    probes: await t.store.db
      .selectFrom('storage_probes')
      .selectAll()
      .orderBy('storage_id')
      .orderBy('sensor_id')
      .execute(),
  });

  it('gives the hay farm a stack storage per barn, every probe on a bale, a stack’s probes side by side', async () => {
    const storages = await list('hay');
    expect(storages.map((s) => [s.name, s.BS_ID, s.layoutType]).sort()).toEqual([
      ['Field stacks', 'F1000003', 3],
      ['North barn', 'F1000001', 3],
      ['South barn', 'F1000002', 3],
    ]);
    for (const s of storages) {
      expect(s.sensor_layout).toBeNull();
      const station = account('hay').stations.find((x) => x.id === s.BS_ID)!;
      // The probes of "Stack n · bale m" are in stack n-1, and nothing is left in the bin.
      const ids = demoProbeIds(station);
      s.stacks.forEach((stack, n) => {
        expect(stack.sensors.map((p) => p.id)).toEqual(ids.slice(4 * n, 4 * n + 4));
        for (const p of stack.sensors) {
          expect(p.row).toBeGreaterThanOrEqual(0);
          const pile = stack.piles.find((x) => x.r === p.row && x.c === p.column);
          expect(p.floor).toBeLessThan(pile?.h ?? 0);
          // Neighbouring bales: the heating ones form one patch.
          for (const q of stack.sensors) {
            expect(
              Math.abs(p.row - q.row) + Math.abs(p.column - q.column) + Math.abs(p.floor - q.floor),
            ).toBeLessThanOrEqual(2);
          }
        }
      });
      expect(s.stacks.flatMap((x) => x.sensors.map((p) => p.id))).toEqual(ids);
    }
    // The helper works in the farm's account and sees the same storages.
    expect((await list('hay-helper')).map((s) => s.itemID)).toEqual(storages.map((s) => s.itemID));
  });

  it('gives the grain co-op a rows storage per bin and a floors layout for the flat store', async () => {
    const storages = await list('grain');
    const bins = storages.filter((s) => s.name.startsWith('Bin '));
    expect(bins.map((s) => s.name)).toEqual([
      'Bin A1',
      'Bin A2',
      'Bin A3',
      'Bin A4',
      'Bin A5',
      'Bin A6',
      'Bin B1',
      'Bin B2',
      'Bin B3',
      'Bin B4',
      'Bin B5',
    ]);
    for (const b of bins) {
      expect(b.layoutType).toBe(1);
      expect(b.sensor_layout?.floors).toBe(1);
      expect(b.sensor_layout?.sensors).toHaveLength(2);
    }
    expect(bins[0]?.sensor_layout?.sensors.map((p) => p.id)).toEqual(['G20001', 'G20002']);
    const flat = storages.find((s) => s.name === 'Flat store')!;
    expect(flat).toMatchObject({ layoutType: 2, BS_ID: 'F2000003' });
    expect(flat.sensor_layout?.floors).toBe(2);
    expect(new Set(flat.sensor_layout?.sensors.map((p) => p.floor))).toEqual(new Set([0, 1]));
    expect(storages).toHaveLength(12);
  });

  it('gives the compost works a rows storage per windrow group, one row per windrow', async () => {
    const storages = await list('compost');
    expect(storages.map((s) => [s.name, s.layoutType, s.sensor_layout?.rows.length])).toEqual([
      ['Windrows 1–7', 1, 7],
      ['Windrows 8–12', 1, 5],
    ]);
  });

  it('places every probe of each account once, only the account’s own, and each layout passes the save checks', async () => {
    for (const who of OWNERS) {
      const storages = await list(who);
      const placed = storages.flatMap((s) => probesOf(s));
      expect(placed.sort()).toEqual(accountProbes(who).sort());
      for (const s of storages) expect(checkStorageLayout(s, account(who).segment), s.name).toBeNull();
    }
    // Accounts without stations get none of their own.
    expect(await list('admin')).toEqual([]);
  });

  it('passes the server’s own save: each seeded storage saved back unchanged is accepted as it is', async () => {
    for (const who of OWNERS) {
      for (const s of await list(who)) {
        const { UID: _uid, undefinedLayoutType: _u, updated_ts: _ts, ...item } = s;
        const res = await call.post(who, '/client/saveStorage', { item });
        expect(res.statusCode, `${s.name}: ${res.body}`).toBe(200);
        expect(res.json<SaveStorageResponse>().item).toMatchObject(item);
      }
    }
  });

  it('changes nothing on a second seed', async () => {
    const before = await snapshot();
    // 17 storages of the three farms, and the demo-mode visitor's barn, three grain bins and windrows.
    expect(before.storages.length).toBe(22);
    expect(await seedDemoStorages(t.store, Math.floor(Date.now() / 1000) + 60)).toEqual({ created: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps an account’s own storages, and seeds an account that has none with only the probes it owns', async () => {
    const compostId = (await t.findUser('compost@demo.emberwatch'))!.id;
    const grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    // The compost works replaces its storages by one of its own.
    for (const s of await list('compost')) {
      const res = await call.post('compost', '/client/removeStorage', { itemID: s.itemID });
      expect(res.statusCode).toBe(200);
    }
    const own = await call.post('compost', '/client/saveStorage', {
      item: {
        name: 'Pad 1',
        type: 'Windrows',
        capacity: null,
        BS_ID: 'F3000001',
        layoutType: 1,
        sensor_layout: { rows: [{ index: 0, rowLength: 3 }], floors: 1, sensors: [] },
        stacks: [],
        monitor: null,
        layout_prefs: null,
        alertMessaging: null,
        qualityPeriod: null,
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    // The grain co-op's store predates storages (none yet), and G20001 has since gone to the hay farm.
    await t.store.db.deleteFrom('storage_probes').where('owner_user_id', '=', grainId).execute();
    await t.store.db.deleteFrom('storages').where('owner_user_id', '=', grainId).execute();
    await t.store.db
      .updateTable('probes')
      .set({ bs_id: 'F1000001' })
      .where('sensor_id', '=', 'G20001')
      .execute();
    try {
      expect(await seedDemoStorages(t.store, Math.floor(Date.now() / 1000))).toEqual({ created: 12 });
    } finally {
      await t.store.db
        .updateTable('probes')
        .set({ bs_id: 'F2000001' })
        .where('sensor_id', '=', 'G20001')
        .execute();
    }
    expect((await list('compost')).map((s) => s.name)).toEqual(['Pad 1']);
    const grain = await list('grain');
    expect(grain).toHaveLength(12);
    expect(grain.find((s) => s.name === 'Bin A1')?.sensor_layout?.sensors.map((p) => p.id)).toEqual([
      'G20002',
    ]);
    expect(grain.every((s) => s.UID === grainId)).toBe(true);
    expect((await list('compost')).every((s) => s.UID === compostId)).toBe(true);
  });
});
