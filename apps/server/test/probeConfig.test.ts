import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import type {
  MinMaxResponse,
  SensorDataResponse,
  SnapshotResponse,
  TableDataResponse,
} from '@emberwatch/shared/contracts/probeData';
import type { DataResponse } from '@emberwatch/shared/contracts/readings';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { api, ingest } from './support/probeHelpers.js';

const now = Math.floor(Date.now() / 1000);

describe(`probe and station settings on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let call: ReturnType<typeof api>;
  let clock = now;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock = Math.floor(Date.now() / 1000);
  });

  const conf = async (bs: string, who = 'hay') =>
    (await call.get(who, `/client/bsConf?basestationID=${bs}`)).json<BsConfResponse>();
  const probeConf = async (bs: string, id: string) =>
    (await conf(bs)).sensor_configurations.find((c) => c.sensor_id_sys === id);
  const sensorConf = (who: string, bs_id: string, ...sensorConfigurations: object[]) =>
    call.post(who, '/client/sensorConf', { bs_id, sensorConfigurations });

  it("answers the station's SIM expiry (the demo's a year ahead) in bsConf", async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const simExp = (await conf('F1000001')).sim_exp_date;
    expect(simExp).not.toBeNull();
    expect(simExp! - nowS).toBeGreaterThan(364 * 86_400);
    expect(simExp! - nowS).toBeLessThanOrEqual(365 * 86_400);
  });

  describe('sensorConf', () => {
    it('renames a probe, and an empty name falls back to the probe id (null)', async () => {
      let res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10003', sensor_name: 'Loft stack' });
      expect(res.json()).toEqual({ status_code: 0 });
      expect((await probeConf('F1000001', 'H10003'))?.sensor_name).toBe('Loft stack');
      res = await sensorConf('hay-helper', 'F1000001', { sensor_id_sys: 'H10003', sensor_name: '  ' });
      expect(res.json()).toEqual({ status_code: 0 });
      expect((await probeConf('F1000001', 'H10003'))?.sensor_name).toBeNull();
    });

    it('refuses a master’s rename and changes nothing', async () => {
      const res = await sensorConf('master', 'F1000001', {
        sensor_id_sys: 'H10001',
        sensor_name: 'Mine now',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status_code: 403, error: 'Master users cannot rename probes.' });
      expect((await probeConf('F1000001', 'H10001'))?.sensor_name).toBe('Stack 1 · bale 1');
    });

    it('refuses a master’s correction, which every viewer of the probe would see, and changes nothing', async () => {
      const before = (await probeConf('F1000001', 'H10002'))?.corrections ?? [];
      const res = await sensorConf('master', 'F1000001', { sensor_id_sys: 'H10002', correction: -1 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status_code: 403,
        error: 'A master account can view these stations but not change them.',
      });
      expect((await probeConf('F1000001', 'H10002'))?.corrections ?? []).toEqual(before);
    });

    it('refuses measurement interval and receiving time to non-admins', async () => {
      for (const [field, value, error] of [
        ['measurement_interval', 20, 'Only admins may change the measurement interval.'],
        ['receiving_time', 5, 'Only admins may change the receiving time.'],
      ] as const) {
        const res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10001', [field]: value });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status_code: 403, error });
      }
    });

    it('lets an admin set both on firmware 3.2: minutes stored as seconds, defaults remove the setting', async () => {
      let res = await sensorConf('admin', 'F1000001', {
        sensor_id_sys: 'H10002',
        measurement_interval: 20,
        receiving_time: 5,
      });
      expect(res.json()).toEqual({ status_code: 0 });
      expect(await probeConf('F1000001', 'H10002')).toMatchObject({
        measurement_interval: 1200,
        receiving_time: 5,
      });
      res = await sensorConf('admin', 'F1000001', {
        sensor_id_sys: 'H10002',
        measurement_interval: 0,
        receiving_time: 3,
      });
      expect(res.json()).toEqual({ status_code: 0 });
      expect(await probeConf('F1000001', 'H10002')).toMatchObject({
        measurement_interval: null,
        receiving_time: null,
      });
    });

    it('gates the receiving time at firmware 3 and the measurement interval at firmware 2', async () => {
      // F1000003 runs firmware 2.4.
      let res = await sensorConf('admin', 'F1000003', { sensor_id_sys: 'H10201', measurement_interval: 30 });
      expect(res.json()).toEqual({ status_code: 0 });
      res = await sensorConf('admin', 'F1000003', { sensor_id_sys: 'H10201', receiving_time: 6 });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(
        'The receiving time needs base-station firmware 3 or later (this one has 2.4).',
      );
      // The station reports older firmware through the ingest path.
      await ingest(t, 'F1000003', [], { type: 'boot', firmware: '1.1' });
      res = await sensorConf('admin', 'F1000003', { sensor_id_sys: 'H10201', measurement_interval: 10 });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/firmware 2 or later \(this one has 1\.1\)/);
      expect((await probeConf('F1000003', 'H10201'))?.measurement_interval).toBe(1800);
    });

    it('refuses a whole request when one change is not allowed, saving none of it', async () => {
      const res = await sensorConf(
        'hay',
        'F1000001',
        { sensor_id_sys: 'H10004', sensor_name: 'Would be saved' },
        { sensor_id_sys: 'H10005', measurement_interval: 10 },
      );
      expect(res.statusCode).toBe(403);
      expect((await probeConf('F1000001', 'H10004'))?.sensor_name).toBe('Stack 1 · bale 4');
    });

    it('refuses a probe of another station and an out-of-range correction', async () => {
      let res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10101', correction: 0.2 });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('Probe H10101 is not on base station F1000001.');
      res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10001', correction: 1.5 });
      expect(res.statusCode).toBe(400);
      res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10001', correction: 0.25 });
      expect(res.statusCode).toBe(400);
    });

    it('appends a correction once, and shows readings measured from its date with it applied', async () => {
      await ingest(t, 'F1000001', [
        { sensor_id: 'H10006', meas_ts: clock - 3600, temperatures: [500, 480, 460] },
      ]);
      let res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10006', correction: 0.3 });
      expect(res.json()).toEqual({ status_code: 0 });
      const saved = (await probeConf('F1000001', 'H10006'))?.corrections ?? [];
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatchObject({ factor: 0.3, user: 'hay@demo.emberwatch' });
      const date = saved[0]!.date;
      expect(Math.abs(date - clock)).toBeLessThanOrEqual(2);
      // The same value again is not saved.
      res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10006', correction: 0.3 });
      expect(res.json()).toEqual({ status_code: 0 });
      expect((await probeConf('F1000001', 'H10006'))?.corrections).toHaveLength(1);

      await ingest(t, 'F1000001', [
        { sensor_id: 'H10006', meas_ts: date + 60, temperatures: [510, 490, 470] },
      ]);
      const latest = (await call.get('hay', '/client/data?basestationID=F1000001')).json<DataResponse>();
      expect(latest.results.find((r) => r.sensor_id === 'H10006')).toMatchObject({
        temperature: 513,
        temperatures: [513, 493, 473],
      });
      const chart = (
        await call.get(
          'hay',
          `/client/sensorData?BS_ID=F1000001&sensorID=H10006&startTS=${clock - 7200}&endTS=${date + 600}`,
        )
      ).json<SensorDataResponse>();
      expect(chart.points.map((p) => p.hh)).toEqual([
        [500, 480, 460],
        [513, 493, 473],
      ]);
      const table = (
        await call.get(
          'hay',
          `/client/data2?basestationID=F1000001&sensorId=H10006&fromDate=${clock - 7200}&toDate=${date + 600}`,
        )
      ).json<TableDataResponse>();
      expect(table.results.map((r) => r.handle)).toEqual([513, 500]);

      // A later correction replaces it from its own date on.
      res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10006', correction: -1 });
      expect((await probeConf('F1000001', 'H10006'))?.corrections?.map((c) => c.factor)).toEqual([0.3, -1]);
    });

    it('corrects the daily roll-ups of the snapshot, the min/max trend and the long chart from the day the correction holds at its end', async () => {
      const DAY = 86_400;
      const today = Math.floor(clock / DAY) * DAY;
      const earlier = today - 3 * DAY;
      await ingest(t, 'F1000001', [
        { sensor_id: 'H10005', meas_ts: earlier + 3600, temperatures: [400] },
        { sensor_id: 'H10005', meas_ts: Math.max(today, clock - 60), temperatures: [420] },
      ]);
      const res = await sensorConf('hay', 'F1000001', { sensor_id_sys: 'H10005', correction: 0.3 });
      expect(res.json()).toEqual({ status_code: 0 });

      // Today ends after the correction was saved: its maximum is shown corrected; three days ago is not.
      const snapshot = (
        await call.get(
          'hay',
          `/client/snapshot?basestationID=F1000001&sensorIDs=H10005&fromDate=${today - 5 * DAY}`,
        )
      ).json<SnapshotResponse>();
      expect(snapshot.results).toEqual([
        { a: 'H10005', b: earlier, h: 400, hh: [400] },
        { a: 'H10005', b: today, h: 423, hh: [423] },
      ]);
      const minmax = (
        await call.get('hay', '/client/minmaxData?basestationID=F1000001')
      ).json<MinMaxResponse>();
      expect(minmax.results.find((r) => r.sensor_id === 'H10005')).toEqual({
        sensor_id: 'H10005',
        min: 400,
        max: 423,
      });
      const chart = (
        await call.get('hay', `/client/sensorData?BS_ID=F1000001&sensorID=H10005&startTS=${clock - 40 * DAY}`)
      ).json<SensorDataResponse>();
      expect(chart.mode).toBe('snapshot');
      expect(chart.points.map((p) => [p.b, p.hh])).toEqual([
        [earlier, [400]],
        [today, [423]],
      ]);
    });
  });

  describe('toggleSensors', () => {
    it('disables and enables probes of the station', async () => {
      let res = await call.post('hay', '/client/toggleSensors', {
        bs_id: 'F1000002',
        selected_sensor_ids: ['H10101', 'H10102'],
        is_disabled: true,
      });
      expect(res.json()).toEqual({ status_code: 0 });
      expect((await conf('F1000002')).disabled_sensors).toEqual(['H10101', 'H10102']);
      res = await call.post('hay', '/client/toggleSensors', {
        bs_id: 'F1000002',
        selected_sensor_ids: ['H10101'],
        is_disabled: false,
      });
      expect((await conf('F1000002')).disabled_sensors).toEqual(['H10102']);
    });

    it('refuses a master, which may only look at the stations that authorised it', async () => {
      const before = (await conf('F1000002')).disabled_sensors;
      const res = await call.post('master', '/client/toggleSensors', {
        bs_id: 'F1000002',
        selected_sensor_ids: ['H10103'],
        is_disabled: true,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'A master account can view these stations but not change them.',
      });
      expect((await conf('F1000002')).disabled_sensors).toEqual(before);
    });

    it('refuses probes that are not on the station and changes nothing', async () => {
      const res = await call.post('hay', '/client/toggleSensors', {
        bs_id: 'F1000002',
        selected_sensor_ids: ['H10103', 'H10001'],
        is_disabled: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status_code: 400,
        error: 'Probe H10001 is not on base station F1000002.',
      });
      expect((await conf('F1000002')).disabled_sensors).toEqual(['H10102']);
    });
  });

  describe('transferSensors', () => {
    it('moves probes between the owner’s stations and the ingest path follows the new owner', async () => {
      // A packet first, so the ingest path has cached H10007's owner.
      await ingest(t, 'F1000001', [
        { sensor_id: 'H10007', meas_ts: clock - 120, temperatures: [400, 401, 402] },
      ]);
      const res = await call.post('hay', '/client/transferSensors', {
        currentBS: 'F1000001',
        selectedBS: 'F1000003',
        selectedSensors: ['H10007'],
      });
      expect(res.json()).toEqual({ status_code: 0, transferred: 1 });
      expect((await conf('F1000001')).sensor_configurations.map((c) => c.sensor_id_sys)).not.toContain(
        'H10007',
      );
      expect((await conf('F1000003')).sensor_configurations.map((c) => c.sensor_id_sys)).toContain('H10007');

      const events: string[][] = [];
      const off = t.kernel.bus.on('newData', (e) => events.push(e.bsIds));
      await ingest(t, 'F1000001', [
        { sensor_id: 'H10007', meas_ts: clock - 60, temperatures: [400, 401, 402] },
      ]);
      off();
      expect(events).toEqual([['F1000001', 'F1000003']]);
      const latest = (await call.get('hay', '/client/data?basestationID=F1000003')).json<DataResponse>();
      expect(latest.results.map((r) => r.sensor_id)).toContain('H10007');
    });

    it.each([
      [
        'the same station',
        'hay',
        'F1000001',
        'F1000001',
        ['H10008'],
        400,
        'Choose another base station to transfer the probes to.',
      ],
      [
        'a probe that is not on the current station',
        'hay',
        'F1000001',
        'F1000002',
        ['H10103'],
        400,
        'Probe H10103 is not on base station F1000001.',
      ],
      [
        'another account’s station as the target',
        'hay',
        'F1000001',
        'F2000001',
        ['H10008'],
        403,
        'You do not have access to this base station.',
      ],
      [
        'another account’s station as the source',
        'grain',
        'F1000001',
        'F2000001',
        ['H10008'],
        403,
        'You do not have access to this base station.',
      ],
      [
        'a master moving probes between two customers',
        'master',
        'F1000001',
        'F2000001',
        ['H10008'],
        403,
        'A master account can view these stations but not change them.',
      ],
      [
        'an admin naming a station that does not exist',
        'admin',
        'F1000001',
        'Z0000000',
        ['H10008'],
        400,
        'There is no base station Z0000000.',
      ],
    ] as const)(
      'refuses %s and moves nothing',
      async (_name, who, currentBS, selectedBS, selectedSensors, status, error) => {
        const res = await call.post(who, '/client/transferSensors', {
          currentBS,
          selectedBS,
          selectedSensors,
        });
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ status_code: status, error });
        expect((await conf('F1000001')).sensor_configurations.map((c) => c.sensor_id_sys)).toContain(
          'H10008',
        );
      },
    );

    it('refuses an ordinary user with only one base station', async () => {
      // Leave the compost account with one station by moving its second one to the hay account.
      const hay = await t.findUser('hay@demo.emberwatch');
      const compost = await t.findUser('compost@demo.emberwatch');
      await t.store.db
        .updateTable('base_stations')
        .set({ owner_user_id: hay!.id })
        .where('id', '=', 'F3000002')
        .execute();
      tokens.compost = await t.login('compost@demo.emberwatch');
      const res = await call.post('compost', '/client/transferSensors', {
        currentBS: 'F3000001',
        selectedBS: 'F3000002',
        selectedSensors: ['C30001'],
      });
      expect(res.statusCode).toBe(403);
      await t.store.db
        .updateTable('base_stations')
        .set({ owner_user_id: compost!.id })
        .where('id', '=', 'F3000002')
        .execute();
    });

    it('lets an admin move a probe to another customer’s activated station', async () => {
      const res = await call.post('admin', '/client/transferSensors', {
        currentBS: 'F1000001',
        selectedBS: 'F2000003',
        selectedSensors: ['H10009'],
      });
      expect(res.json()).toEqual({ status_code: 0, transferred: 1 });
      expect((await conf('F2000003', 'grain')).sensor_configurations.map((c) => c.sensor_id_sys)).toContain(
        'H10009',
      );
    });
  });

  describe('base-station display name and time zone', () => {
    it('saves a display name, and an empty one clears it', async () => {
      let res = await call.post('hay', '/client/updateBsDisplayName', {
        bs_id: 'F1000002',
        display_name: 'Old barn',
      });
      expect(res.json()).toEqual({ status_code: 0 });
      expect((await conf('F1000002')).display_name).toBe('Old barn');
      res = await call.post('hay', '/client/updateBsDisplayName', { bs_id: 'F1000002', display_name: '' });
      expect((await conf('F1000002')).display_name).toBeNull();
    });

    it('saves a valid IANA time zone and refuses an unknown one', async () => {
      let res = await call.post('hay', '/client/setBsTimezone', {
        bs_id: 'F1000002',
        timezone: 'America/New_York',
      });
      expect(res.json()).toEqual({ status_code: 0, timezone: 'America/New_York' });
      expect((await conf('F1000002')).timezone).toBe('America/New_York');
      res = await call.post('hay', '/client/setBsTimezone', {
        bs_id: 'F1000002',
        timezone: 'Mars/Olympus_Mons',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/Unknown time zone "Mars\/Olympus_Mons"/);
      expect((await conf('F1000002')).timezone).toBe('America/New_York');
    });

    it('refuses masters', async () => {
      for (const [url, payload] of [
        ['/client/updateBsDisplayName', { bs_id: 'F1000001', display_name: 'X' }],
        ['/client/setBsTimezone', { bs_id: 'F1000001', timezone: 'UTC' }],
      ] as const) {
        const res = await call.post('master', url, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          status_code: 403,
          error: 'A master account can view these stations but not change them.',
        });
      }
      expect((await conf('F1000001')).display_name).toBe('North barn');
    });
  });

  // docs/decisions/0014-sub-user-rights.md: a farm hand watches and reacts, he does not re-plumb the account.
  describe('a sub-user', () => {
    it.each([
      [
        'a probe correction',
        '/client/sensorConf',
        { bs_id: 'F1000001', sensorConfigurations: [{ sensor_id_sys: 'H10001', correction: 0.5 }] },
        'Only the account owner can set probe corrections.',
      ],
      [
        'disabling probes',
        '/client/toggleSensors',
        { bs_id: 'F1000001', selected_sensor_ids: ['H10001'], is_disabled: true },
        'Only the account owner can enable or disable probes.',
      ],
      [
        'a transfer between the account’s own stations',
        '/client/transferSensors',
        { currentBS: 'F1000001', selectedBS: 'F1000002', selectedSensors: ['H10001'] },
        'Only the account owner can transfer probes.',
      ],
      [
        'a station rename',
        '/client/updateBsDisplayName',
        { bs_id: 'F1000001', display_name: 'Mine' },
        'Only the account owner can change base-station settings.',
      ],
      [
        'a station time zone',
        '/client/setBsTimezone',
        { bs_id: 'F1000001', timezone: 'UTC' },
        'Only the account owner can change base-station settings.',
      ],
    ])('is refused %s, and nothing changes', async (_what, url, payload, error) => {
      const before = [await conf('F1000001'), await conf('F1000002')];
      const res = await call.post('hay-helper', url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status_code: 403, error });
      expect([await conf('F1000001'), await conf('F1000002')]).toEqual(before);
    });

    it('sees every station of the account and names probes', async () => {
      for (const bs of ['F1000001', 'F1000002', 'F1000003'])
        expect((await call.get('hay-helper', `/client/data?basestationID=${bs}`)).statusCode).toBe(200);
      const res = await sensorConf('hay-helper', 'F1000002', {
        sensor_id_sys: 'H10104',
        sensor_name: 'East stack',
      });
      expect(res.json()).toEqual({ status_code: 0 });
      expect((await probeConf('F1000002', 'H10104'))?.sensor_name).toBe('East stack');
    });

    it('saves his own preferences, not the owner’s', async () => {
      const own = await call.post('hay-helper', '/client/uiPrefs', { prefs: { degrees: 'F' } });
      expect(own.json()).toMatchObject({ status_code: 0, ui_preferences: { degrees: 'F' } });
      const hay = await t.findUser('hay@demo.emberwatch');
      const owners = await call.post('hay-helper', '/client/uiPrefs', {
        UID: hay!.id,
        prefs: { degrees: 'F' },
      });
      expect(owners.statusCode).toBe(403);
    });
  });

  it.each([
    [
      'sensorConf',
      '/client/sensorConf',
      { bs_id: 'F1000001', sensorConfigurations: [{ sensor_id_sys: 'H10001', correction: 0.5 }] },
    ],
    [
      'sensorConf naming its own station',
      '/client/sensorConf',
      { bs_id: 'F2000001', sensorConfigurations: [{ sensor_id_sys: 'H10001', sensor_name: 'x' }] },
    ],
    [
      'toggleSensors',
      '/client/toggleSensors',
      { bs_id: 'F1000001', selected_sensor_ids: ['H10001'], is_disabled: true },
    ],
    [
      'transferSensors',
      '/client/transferSensors',
      { currentBS: 'F1000001', selectedBS: 'F2000001', selectedSensors: ['H10001'] },
    ],
    ['updateBsDisplayName', '/client/updateBsDisplayName', { bs_id: 'F1000001', display_name: 'x' }],
    ['setBsTimezone', '/client/setBsTimezone', { bs_id: 'F1000001', timezone: 'UTC' }],
  ])('refuses another account’s station on %s and changes nothing', async (_name, url, payload) => {
    const before = await conf('F1000001');
    const res = await call.post('grain', url, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status_code: 403, error: 'You do not have access to this base station.' });
    expect(await conf('F1000001')).toEqual(before);
  });
});
