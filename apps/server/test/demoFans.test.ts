import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FcItem, FcItemsResponse } from '@emberwatch/shared/contracts/fans';
import type { GetMonitorsResponse } from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { DEMO_AERATION_RC, DEMO_OUTDOOR_PROBE } from '../src/features/demo/demoFans.js';
import { seedDemo, type DemoStationsFile } from '../src/features/demo/seedDemo.js';
import { DEMO_BATCHES, seedDemoBatches } from '../src/features/demo/seedDemoBatches.js';
import { sha256 } from '../src/security/sha256.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

interface Decider {
  decideAll(): Promise<void>;
  idle(): Promise<void>;
}

describe(`demo fans on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};
  const file = () => join(t.kernel.config.dataDir, 'demo-stations.json');
  const readFile = () => JSON.parse(readFileSync(file(), 'utf8')) as DemoStationsFile;
  const decider = () =>
    (t.features.find((f) => f.name === 'fans')!.exports as { fanDecider: Decider }).fanDecider;

  beforeAll(async () => {
    // The server's clock runs a minute after the seed's, as a user's first save always comes later.
    t = await createTestApp({
      demoMonitors: true,
      demoFans: true,
      nowS: () => Math.floor(Date.now() / 1000) + 60,
    });
    for (const u of ['grain', 'compost', 'hay']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  const items = async (who: string): Promise<FcItem[]> => {
    const res = await call.get(who, '/fc/getFcItem');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FcItemsResponse>().results;
  };
  const poll = (fcId: string, secret: string, channels: number) =>
    t.app.inject({
      method: 'POST',
      url: '/fc/poll2',
      headers: { authorization: `Controller ${fcId}:${secret}` },
      payload: {
        channels: Array.from({ length: channels }, (_, i) => ({
          channel: i + 1,
          fc_mode: 'drive',
          drive: 0,
        })),
        climate: { temperature: 120, rh: 45 },
      },
    });

  it('puts the corn bins of row A under an aeration monitor with a cooldown rule on the outdoor probe', async () => {
    const monitors = (await call.get('grain', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    expect(monitors.map((m) => m.name)).toEqual(['Grain — hot spots', 'Grain — aeration']);
    const aeration = monitors[1]!;
    expect(aeration.defaultMonitor).toBe(false);
    const cooldown = aeration.rules.find((r) => r.type === 'COOLDOWN_CONTROL');
    expect(cooldown?.settings).toMatchObject({
      FC_ID: DEMO_AERATION_RC,
      outdoorID: DEMO_OUTDOOR_PROBE.sensorId,
      targetTemp: 100,
      delta1: 50,
      delta2: 150,
      hysteresis: 10,
      schedulerEnabled: false,
    });
    expect(aeration.rules.map((r) => r.type)).toEqual(['ABS_MAX', 'COOLDOWN_CONTROL']);

    const storages = (await call.get('grain', '/client/getStorages')).json<GetStoragesResponse>().results;
    const rowA = storages
      .filter((s) => /^Bin A\d$/.test(s.name))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(rowA.map((s) => s.name)).toEqual(['Bin A1', 'Bin A2', 'Bin A3', 'Bin A4', 'Bin A5', 'Bin A6']);
    expect(rowA.every((s) => s.monitor === aeration.itemID)).toBe(true);
    const others = storages.filter((s) => !rowA.includes(s));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((s) => s.monitor === monitors[0]!.itemID)).toBe(true);
  });

  it('registers one RC unit with a channel per bin of row A, each in use by its bin with the outdoor probe', async () => {
    const storages = (await call.get('grain', '/client/getStorages')).json<GetStoragesResponse>().results;
    const channels = await items('grain');
    expect(channels.map((c) => [c.FC_ID, c.channel])).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => [DEMO_AERATION_RC, i]),
    );
    for (const c of channels) {
      expect(c.channels).toBe(6);
      expect(storages.find((s) => s.itemID === c.inUse)?.name).toBe(`Bin A${c.channel}`);
    }
    // The outdoor probe is the account's, on the first bin row's station, and in no storage.
    const probes = await t.store.db
      .selectFrom('probes')
      .select(['bs_id', 'sensor_name', 'depths'])
      .where('sensor_id', '=', DEMO_OUTDOOR_PROBE.sensorId)
      .execute();
    expect(probes).toEqual([{ bs_id: 'F2000001', sensor_name: 'Outdoor air', depths: 1 }]);
    const placed = storages.flatMap((s) => [
      ...(s.sensor_layout?.sensors ?? []),
      ...s.stacks.flatMap((x) => x.sensors),
    ]);
    expect(placed.some((p) => p.id === DEMO_OUTDOOR_PROBE.sensorId)).toBe(false);
  });

  it('gives the compost works two RC units whose channels name a cyclic aeration monitor', async () => {
    await decider().decideAll();
    const monitors = (await call.get('compost', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    const aeration = monitors.find((m) => m.name === 'Compost — aeration')!;
    expect(
      aeration.rules.map((r) => [r.type, 'cycleSpan' in r.settings ? r.settings.cycleSpan : null]),
    ).toEqual([['CYCLIC_CONTROL', 30]]);
    expect(aeration.storages).toEqual([]);
    const channels = await items('compost');
    expect(channels.map((c) => `${c.FC_ID}:${c.channel}`)).toHaveLength(12);
    for (const c of channels) {
      expect(c.monitorRef).toBe(aeration.itemID);
      expect(c.inUse).toBeNull();
      expect(c.ruleType).toBe('CYCLIC_CONTROL');
    }
    expect(channels.map((c) => c.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Windrow ${i + 1}`));
    expect(await items('hay')).toEqual([]);
  });

  it('writes the controllers, their secrets and what each channel aerates into the stations file', () => {
    const content = readFile();
    expect(content.fan_controllers?.map((c) => [c.fc_id, c.channels])).toEqual([
      [DEMO_AERATION_RC, 6],
      ['RC12-WINDROWS-1', 7],
      ['RC12-WINDROWS-2', 5],
    ]);
    const rc = content.fan_controllers![0]!;
    // Bin A1 is cables G20001 and G20002, A2 G20003 and G20004 …
    expect(rc.aerates).toEqual(
      [1, 2, 3, 4, 5, 6].map((ch) => ({
        channel: ch,
        sensor_ids: [`G${20000 + 2 * ch - 1}`, `G${20000 + 2 * ch}`],
      })),
    );
    expect(content.fan_controllers![1]!.aerates).toEqual([]);
    const station = content.stations.find((s) => s.bs_id === 'F2000001')!;
    expect(station.probes.filter((p) => p.outdoor)).toEqual([
      { sensor_id: DEMO_OUTDOOR_PROBE.sensorId, depths: 1, outdoor: true },
    ]);
  });

  it('closes the loop through the protocol: a bin warmer than the dry outdoor air starts its fan', async () => {
    const rc = readFile().fan_controllers![0]!;
    const now = Math.floor(Date.now() / 1000);
    expect((await poll(rc.fc_id, rc.secret, 6)).statusCode).toBe(200);
    // Bin A1 at 22 °C, the outdoor air at 12 °C (and 45 % humidity reported by the controller).
    await ingest(t, 'F2000001', [
      { sensor_id: 'G20001', meas_ts: now, temperatures: [220, 220, 220, 220] },
      { sensor_id: 'G20002', meas_ts: now, temperatures: [215, 215, 215, 215] },
      { sensor_id: DEMO_OUTDOOR_PROBE.sensorId, meas_ts: now, temperatures: [120] },
    ]);
    await decider().idle();
    await decider().decideAll();
    const answer = (await poll(rc.fc_id, rc.secret, 6)).json<{
      channels: { channel: number; command: number }[];
    }>();
    expect(answer.channels.find((c) => c.channel === 1)?.command).toBe(1);
    const a1 = (await items('grain')).find((c) => c.channel === 1)!;
    expect(a1.ruleType).toBe('COOLDOWN_CONTROL');
    expect(a1.command).toBe(1);
    expect(a1.state).toMatchObject({ ventMode: 'normal', refTemp: 220, outdoorTemp: 120 });

    // The outdoor air warms to 19 °C: 3 °C cooler than the bin is too little; the probe vetoes.
    await ingest(t, 'F2000001', [
      { sensor_id: DEMO_OUTDOOR_PROBE.sensorId, meas_ts: now + 60, temperatures: [190] },
    ]);
    await decider().idle();
    await decider().decideAll();
    const vetoed = (await items('grain')).find((c) => c.channel === 1)!;
    expect(vetoed.command).toBe(0);
    expect(vetoed.state).toMatchObject({ offReason: 'auxVeto', note: 'outdoorTooWarm' });
  });

  it('changes nothing on a second start, and re-keys a controller whose secret the file lost', async () => {
    const before = readFile();
    await seedDemo(t.store, t.kernel.config.dataDir, before.url, Math.floor(Date.now() / 1000), {
      fans: true,
    });
    expect(readFile()).toEqual(before);
    const monitors = (await call.get('grain', '/client/getMonitors')).json<GetMonitorsResponse>().results;
    expect(monitors).toHaveLength(2);

    const old = before.fan_controllers![0]!;
    writeFileSync(file(), JSON.stringify({ ...before, fan_controllers: before.fan_controllers!.slice(1) }));
    await seedDemo(t.store, t.kernel.config.dataDir, before.url, Math.floor(Date.now() / 1000), {
      fans: true,
    });
    const after = readFile().fan_controllers!;
    expect(after.map((c) => c.fc_id)).toEqual(before.fan_controllers!.map((c) => c.fc_id));
    const fresh = after.find((c) => c.fc_id === old.fc_id)!;
    expect(fresh.secret).not.toBe(old.secret);
    expect(fresh.aerates).toEqual(old.aerates);
    // Stored as its SHA-256 only (a running server's credential cache forgets the old one within 30 s).
    const row = await t.store.db
      .selectFrom('fan_controllers' as never)
      .select('secret_hash' as never)
      .where('id' as never, '=', old.fc_id as never)
      .executeTakeFirst();
    expect(row).toEqual({ secret_hash: sha256(fresh.secret) });
  });

  it('saves running batches on the compost works through the batches call, once, and the blowers name them', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await seedDemoBatches(t.app, now)).toEqual({ created: DEMO_BATCHES.length, refused: [] });
    const listed = (await call.get('compost', '/client/getBatches?status=1')).json<{
      results: { batch_id: number; batch_name: string; BS_ID: string; status: number }[];
    }>().results;
    expect(listed.map((b) => [b.batch_name, b.BS_ID, b.status]).sort()).toEqual([
      ['Food waste, windrows 8–9', 'F3000002', 1],
      ['Green waste, windrows 1–2', 'F3000001', 1],
    ]);
    const green = listed.find((b) => b.BS_ID === 'F3000001')!;
    const blowers = (await items('compost')).filter((c) => c.FC_ID === 'RC12-WINDROWS-1');
    expect(blowers.map((c) => c.batchRef)).toEqual([
      green.batch_id,
      green.batch_id,
      null,
      null,
      null,
      null,
      null,
    ]);
    // The blowers keep their monitor and their names.
    expect(blowers.every((c) => c.monitorRef !== null)).toBe(true);
    expect(blowers[0]!.name).toBe('Windrow 1');
    // A second start: the account has batches, nothing is added.
    expect(await seedDemoBatches(t.app, now)).toEqual({ created: 0, refused: [] });
    expect(
      (await call.get('compost', '/client/getBatches?status=1')).json<{ results: unknown[] }>().results,
    ).toHaveLength(2);
  });

  it('leaves a batch the call refuses out and goes on: the server still starts', async () => {
    const calls: string[] = [];
    const answer = (statusCode: number, body: object) => ({
      statusCode,
      body: JSON.stringify(body),
      json: <T>() => body as T,
    });
    const fake = {
      inject: (opts: { method: string; url: string }) => {
        calls.push(`${opts.method} ${opts.url.split('?')[0]}`);
        if (opts.url === '/admin/login') return Promise.resolve(answer(200, { accessToken: 'x' }));
        if (opts.url.startsWith('/client/getBatches')) return Promise.resolve(answer(200, { results: [] }));
        return Promise.resolve(
          answer(400, { status_code: 400, error: 'Probe C30001 is not on base station F3000001.' }),
        );
      },
    };
    const result = await seedDemoBatches(fake, Math.floor(Date.now() / 1000));
    expect(result.created).toBe(0);
    expect(result.refused).toHaveLength(DEMO_BATCHES.length);
    expect(result.refused[0]).toContain('is not on base station');
    // Refused batches get no blowers assigned.
    expect(calls.filter((c) => c.includes('setFcAssignment'))).toEqual([]);
  });
});

describe(`demo fans on a store seeded before them, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMonitors: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('come on the next start, except to an account whose served storages the user has saved', async () => {
    const grain = (await t.findUser('grain@demo.emberwatch'))!;
    // The farmer saved Bin A3 since the seed: the grain co-op is the user's now.
    await t.store.db
      .updateTable('storages')
      .set((eb) => ({ updated_ts: eb('updated_ts', '+', 60) }))
      .where('owner_user_id', '=', grain.id)
      .where('name', '=', 'Bin A3')
      .execute();
    const file = join(t.kernel.config.dataDir, 'demo-stations.json');
    const before = JSON.parse(readFileSync(file, 'utf8')) as DemoStationsFile;
    expect(before.fan_controllers).toBeUndefined();
    await seedDemo(t.store, t.kernel.config.dataDir, before.url, Math.floor(Date.now() / 1000), {
      fans: true,
    });
    const after = JSON.parse(readFileSync(file, 'utf8')) as DemoStationsFile;
    expect(after.fan_controllers?.map((c) => c.fc_id)).toEqual(['RC12-WINDROWS-1', 'RC12-WINDROWS-2']);
    // No outdoor probe, no aeration monitor for the grain co-op; its station secrets unchanged.
    expect(after.stations.flatMap((s) => s.probes).some((p) => p.outdoor)).toBe(false);
    expect(after.stations).toEqual(before.stations);
    const monitors = await t.store.db
      .selectFrom('monitors')
      .select('name')
      .where('owner_user_id', '=', grain.id)
      .execute();
    expect(monitors.map((m) => m.name)).toEqual(['Grain — hot spots']);
  });
});
