import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GetSiteNamesResponse,
  GetSiteResponse,
  SaveSiteResponse,
  Site,
} from '@emberwatch/shared/contracts/sites';
import type { GetStoragesResponse, SaveStorageResponse } from '@emberwatch/shared/contracts/storages';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api } from './support/probeHelpers.js';

const entry = (id: number, over: object = {}) => ({
  id,
  wid: 2,
  hei: 2,
  floors: 2,
  left: 1,
  top: 1,
  color: '#336699',
  isSilo: false,
  ...over,
});
const label = (over: object = {}) => ({
  id: '1',
  text: 'Gate',
  left: 10,
  top: 7.5,
  elevation: 3,
  color: '#000000',
  ...over,
});
const plan = (over: object = {}) => ({
  BS_ID: 'F1000001',
  columns: 30,
  rows: 20,
  showColors: true,
  labels: [label()],
  siteStorages: [] as object[],
  ...over,
});

describe(`site plans on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let hayId: number;
  /** A storage of the hay farm at F1000001 that the tests create, and the farm's other storages there. */
  let barnId: number;
  let seededAtF1: number[];

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    const res = await call.post('hay', '/client/saveStorage', {
      item: {
        name: 'Site barn',
        type: 'Round bales',
        capacity: 10,
        BS_ID: 'F1000001',
        layoutType: null,
        sensor_layout: null,
        stacks: [],
        monitor: null,
        layout_prefs: null,
        alertMessaging: null,
        qualityPeriod: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    barnId = res.json<SaveStorageResponse>().item.itemID;
    const storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
    seededAtF1 = storages.filter((s) => s.BS_ID === 'F1000001' && s.itemID !== barnId).map((s) => s.itemID);
  });
  afterAll(async () => {
    await t.close();
  });

  const getSites = async (who: string, query = ''): Promise<Site[]> => {
    const res = await call.get(who, `/client/getSite${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetSiteResponse>().results;
  };
  const siteAt = async (who: string, bsId: string, uid?: number): Promise<Site> => {
    const [site] = await getSites(who, `?BS_ID=${bsId}${uid ? `&UID=${uid}` : ''}`);
    return site!;
  };
  const save = (who: string, body: object) => call.post(who, '/client/saveSite', body);
  const savedRow = () =>
    t.store.db.selectFrom('sites').selectAll().where('owner_user_id', '=', hayId).execute();

  it("generates a default plan for every one of the account's stations until one is saved", async () => {
    const sites = await getSites('hay');
    expect(sites.map((s) => s.BS_ID)).toEqual(['F1000001', 'F1000002', 'F1000003']);
    const f1 = sites[0]!;
    expect(f1).toMatchObject({ UID: hayId, columns: 20, rows: 15, generated: true, updated_ts: null });
    expect(f1.siteStorages.map((s) => s.id).sort()).toEqual([...seededAtF1, barnId].sort());
    // Positions by index: no two generated storages share a corner.
    const corners = new Set(f1.siteStorages.map((s) => `${s.left},${s.top}`));
    expect(corners.size).toBe(f1.siteStorages.length);
  });

  it('saves a plan, keeps it, and places a storage created later by the server', async () => {
    const body = plan({
      siteStorages: [entry(barnId), ...seededAtF1.map((id, i) => entry(id, { left: 4 + 3 * i }))],
    });
    const res = await save('hay', { site: body });
    expect(res.statusCode, res.body).toBe(200);
    const site = res.json<SaveSiteResponse>().site;
    expect(site).toMatchObject({ ...body, UID: hayId, generated: false });
    expect(await siteAt('hay', 'F1000001')).toEqual(site);

    const later = await call.post('hay', '/client/saveStorage', {
      item: { ...(await storageItem(barnId)), itemID: undefined, name: 'Later barn' },
    });
    expect(later.statusCode, later.body).toBe(200);
    const laterId = later.json<SaveStorageResponse>().item.itemID;
    const after = await siteAt('hay', 'F1000001');
    expect(after.generated).toBe(true);
    expect(after.siteStorages.slice(0, -1)).toEqual(body.siteStorages);
    expect(after.siteStorages.at(-1)).toMatchObject({ id: laterId, left: 0, top: 0, wid: 3, hei: 2 });

    // Its storage deleted, the entry is dropped.
    expect((await call.post('hay', '/client/removeStorage', { itemID: laterId })).statusCode).toBe(200);
    expect(await siteAt('hay', 'F1000001')).toEqual(site);
  });

  async function storageItem(itemID: number) {
    const storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
    const {
      UID: _uid,
      undefinedLayoutType: _u,
      updated_ts: _t,
      ...item
    } = storages.find((s) => s.itemID === itemID)!;
    return item;
  }

  it('drops entries of the account’s storages at another station, as a read would', async () => {
    const res = await save('hay', { site: plan({ BS_ID: 'F1000002', siteStorages: [entry(barnId)] }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SaveSiteResponse>().site.siteStorages.map((s) => s.id)).not.toContain(barnId);
  });

  // Issue 28 item 3 (decision 0073): before, these entries were dropped and the save answered 200.
  it('refuses an entry of another account’s storage or an unknown one (403), alike, and changes nothing', async () => {
    const grainStorage = (await call.get('grain', '/client/getStorages')).json<GetStoragesResponse>()
      .results[0]!;
    const before = await savedRow();
    const answers = [];
    for (const id of [grainStorage.itemID, 999_999]) {
      const res = await save('hay', { site: plan({ siteStorages: [entry(id), entry(barnId)] }) });
      expect(res.statusCode, res.body).toBe(403);
      answers.push(res.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(await savedRow()).toEqual(before);
  });

  describe('refusals change nothing', () => {
    let before: unknown;
    beforeAll(async () => {
      before = await savedRow();
    });
    const unchanged = async () => expect(await savedRow()).toEqual(before);

    it.each([
      ['columns 0', plan({ columns: 0 }), 'site.columns'],
      ['rows 101', plan({ rows: 101 }), 'site.rows'],
      ['a silo 1 wide', plan({ siteStorages: [entry(1, { wid: 1, isSilo: true })] }), 'at least 2'],
      ['width 11', plan({ siteStorages: [entry(1, { wid: 11 })] }), 'site.siteStorages'],
      ['depth 6', plan({ siteStorages: [entry(1, { hei: 6 })] }), 'site.siteStorages'],
      ['7 floors', plan({ siteStorages: [entry(1, { floors: 7 })] }), 'site.siteStorages'],
      ['a storage past the edge', plan({ siteStorages: [entry(1, { left: 29 })] }), 'does not fit'],
      ['label elevation 11', plan({ labels: [label({ elevation: 11 })] }), 'site.labels'],
      ['a label outside', plan({ labels: [label({ top: 21 })] }), 'outside the site'],
    ])('refuses %s (400)', async (_name, site, where) => {
      const res = await save('hay', { site });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(where);
      await unchanged();
    });

    it("refuses another account's site and an unknown station (403), alike", async () => {
      for (const res of [
        await save('grain', { site: plan() }),
        await save('hay', { site: plan({ BS_ID: 'F2000001' }) }),
        await save('hay', { site: plan({ BS_ID: 'NOPE0001' }) }),
        await save('grain', { UID: hayId, site: plan() }),
      ])
        expect(res.statusCode, res.body).toBe(403);
      for (const [who, q] of [
        ['hay', '?BS_ID=F2000001'],
        ['hay', '?BS_ID=NOPE0001'],
        ['grain', `?UID=${hayId}`],
        ['grain', `?UID=${hayId}&BS_ID=F1000001`],
      ] as const) {
        const res = await call.get(who, `/client/getSite${q}`);
        expect(res.statusCode, `${q}: ${res.body}`).toBe(403);
      }
      await unchanged();
    });

    // Issue 28: a station names its account, as UID does (the station's access is what is checked).
    it('answers getSite by BS_ID alone for an admin and an authorised master, not for others', async () => {
      for (const who of ['admin', 'master', 'hay', 'hay-helper']) {
        const [site] = await getSites(who, '?BS_ID=F1000001');
        expect(site).toMatchObject({ UID: hayId, BS_ID: 'F1000001' });
      }
      for (const [who, bsId] of [
        ['grain', 'F1000001'],
        ['admin', 'NOPE0001'],
        ['master', 'F3000001'],
      ] as const)
        expect((await call.get(who, `/client/getSite?BS_ID=${bsId}`)).statusCode).toBe(403);
    });

    it("lets a master read an authorising account's site but not change it; a grand master may", async () => {
      expect((await siteAt('master', 'F1000001', hayId)).columns).toBe(30);
      const res = await save('master', { UID: hayId, site: plan({ columns: 40 }) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status_code: 403,
        error: 'A master account can view these stations but not change them.',
      });
      await unchanged();

      await setGrandMaster(1);
      try {
        const ok = await save('master', { UID: hayId, site: plan({ columns: 40 }) });
        expect(ok.statusCode, ok.body).toBe(200);
        expect((await siteAt('hay', 'F1000001')).columns).toBe(40);
      } finally {
        await setGrandMaster(0);
      }
    });
  });

  const setGrandMaster = (v: number) =>
    t.store.db
      .updateTable('users')
      .set({ grand_master: v })
      .where('username', '=', 'master@demo.emberwatch')
      .execute();

  it('lets an admin act for a customer by UID; a sub-user reads the plan and changes nothing', async () => {
    const byAdmin = await save('admin', { UID: hayId, site: plan({ rows: 12 }) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<SaveSiteResponse>().site).toMatchObject({ UID: hayId, rows: 12 });
    // Issue 28 (docs/roles.md): where the storages stand is the owner's, like the station settings.
    const byHelper = await save('hay-helper', { site: plan({ rows: 13 }) });
    expect(byHelper.statusCode, byHelper.body).toBe(403);
    expect((await siteAt('hay-helper', 'F1000001')).rows).toBe(12);
    expect((await siteAt('admin', 'F1000001', hayId)).rows).toBe(12);
  });
});

describe(`site names on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let hayId: number;
  let grainId: number;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'master']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const names = async (who: string) => {
    const res = await call.get(who, '/client/getSiteNames');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetSiteNamesResponse>().results;
  };
  const saveNames = (who: string, siteNames: object[]) =>
    call.post(who, '/client/saveSiteNames', { siteNames });

  it("keeps a master's own names for the sites it sees, replaced as a whole", async () => {
    expect(await names('master')).toEqual([]);
    const list = [
      { siteUID: hayId, BS_ID: 'F1000001', name: 'North farm' },
      { siteUID: grainId, BS_ID: 'F2000001', name: 'Grain yard' },
    ];
    expect((await saveNames('master', list)).statusCode).toBe(200);
    expect(await names('master')).toEqual(
      [...list].sort((a, b) => a.siteUID - b.siteUID || a.BS_ID.localeCompare(b.BS_ID)),
    );
    // Names are the caller's own: the account owner does not see them.
    expect(await names('hay')).toEqual([]);
    expect((await saveNames('master', [list[0]!])).statusCode).toBe(200);
    expect(await names('master')).toEqual([list[0]]);
  });

  it('refuses a station of an account the caller does not see, an empty name or a double (nothing changed)', async () => {
    const before = await names('master');
    for (const [res, status] of [
      [await saveNames('hay', [{ siteUID: grainId, BS_ID: 'F2000001', name: 'Theirs' }]), 403],
      [await saveNames('master', [{ siteUID: hayId, BS_ID: 'F2000001', name: 'Wrong owner' }]), 403],
      [await saveNames('master', [{ siteUID: hayId, BS_ID: 'F1000002', name: '  ' }]), 400],
      [
        await saveNames('master', [
          { siteUID: hayId, BS_ID: 'F1000002', name: 'A' },
          { siteUID: hayId, BS_ID: 'F1000002', name: 'B' },
        ]),
        400,
      ],
    ] as const)
      expect(res.statusCode, res.body).toBe(status);
    expect(await names('master')).toEqual(before);
  });
});
