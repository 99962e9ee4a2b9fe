import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Batch,
  BatchesResponse,
  BatchResponse,
  GetBatchCountsResponse,
  ProcessPhasesResponse,
} from '@emberwatch/shared/contracts/batches';
import { api, ingest, type TestReading } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const H = 3600;
const STATION = 'F3000001';
const OTHER_STATION = 'F3000002';
const PROBES = ['C30001', 'C30002', 'C30003'];

describe(`compost batches on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};
  const start = Math.floor(Date.now() / 1000);
  let clock = start;
  let compostId: number;
  let batch: Batch;

  const login = async () => {
    for (const u of ['compost', 'hay', 'admin', 'master', 'compost-helper'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
  };
  const alertsOf = () =>
    (
      t.features.find((f) => f.name === 'batches')!.exports as {
        batchAlerts: { onNewData(bsIds: string[]): Promise<void>; checkSilent(): Promise<void> };
      }
    ).batchAlerts;
  const count = async (table: string) =>
    Number(
      (
        await t.store.db
          .selectFrom(table as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Hourly readings of the probes, every depth at `c` °C, from `from` for `hours` hours. */
  const hourly = (probes: string[], from: number, hours: number, c: number): TestReading[] =>
    probes.flatMap((sensor_id) =>
      Array.from({ length: hours }, (_, i) => ({
        sensor_id,
        meas_ts: from + i * H,
        temperatures: [c * 10, c * 10 + 20, c * 10 + 10],
      })),
    );
  const getBatches = async (who: string, query = '') => {
    const res = await call.get(who, `/client/getBatches${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BatchesResponse>();
  };
  const save = (who: string, b: object, uid?: number) =>
    call.post(who, '/client/saveBatch', { ...(uid ? { UID: uid } : {}), batch: b });

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    compostId = (await t.findUser('compost@demo.emberwatch'))!.id;
    // A farm hand of the compost works, and the regional advisor authorised to look.
    const helper = (await t.findUser('hay-helper@demo.emberwatch'))!;
    const { id: _id, ...row } = helper;
    await t.store.db
      .insertInto('users')
      .values({ ...row, username: 'compost-helper@demo.emberwatch', main_user_id: compostId })
      .execute();
    const master = (await t.findUser('master@demo.emberwatch'))!;
    await t.store.db
      .updateTable('master_authorizations' as never)
      .set({ authorized: 1 } as never)
      .where('master_user_id' as never, '=', master.id as never)
      .where('owner_user_id' as never, '=', compostId as never)
      .execute();
    await login();
    call = api(t, tokens);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is for compost supervisors and admins only (spec doc 3 §6)', async () => {
    expect((await getBatches('compost')).results).toEqual([]);
    const hay = await call.get('hay', '/client/getBatches');
    expect(hay.statusCode).toBe(403);
    expect((await call.get('hay', '/client/getBatchCounts')).statusCode).toBe(403);
    expect((await call.get('admin', `/client/getBatches?UID=${compostId}`)).statusCode).toBe(200);
    // The advisor sees the compost works' batches once authorised, and another account's none.
    expect((await call.get('master', `/client/getBatches?UID=${compostId}`)).statusCode).toBe(200);
    const hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    expect((await call.get('compost', `/client/getBatches?UID=${hayId}`)).statusCode).toBe(403);
  });

  // Issue 28: a station names its account, as UID does; the station's access is checked, not the caller's own account.
  it('answers getBatches and getChangedBatches by BS_ID alone for an admin and an authorised master', async () => {
    for (const who of ['admin', 'master', 'compost'])
      for (const call0 of ['getBatches', 'getChangedBatches?since=0&']) {
        const q = call0.includes('?') ? `${call0}BS_ID=${STATION}` : `${call0}?BS_ID=${STATION}`;
        const res = await call.get(who, `/client/${q}`);
        expect(res.statusCode, `${who} ${q}: ${res.body}`).toBe(200);
      }
    // Another account's station, or one that does not exist, is refused alike.
    for (const [who, bsId] of [
      ['hay', STATION],
      ['master', 'NOPE0001'],
      ['admin', 'NOPE0001'],
    ] as const)
      expect((await call.get(who, `/client/getBatches?BS_ID=${bsId}`)).statusCode).toBe(403);
  });

  it('creates a batch with the default phases, the first started now', async () => {
    const res = await save('compost', { BS_ID: STATION, batch_name: 'Windrow 1', probes: PROBES });
    expect(res.statusCode, res.body).toBe(200);
    batch = res.json<BatchResponse>().result;
    expect(batch).toMatchObject({
      batch_name: 'Windrow 1',
      status: 1,
      UID: compostId,
      BS_ID: STATION,
      method: 'windrow',
      standard: 'epaPfrp',
      alertTemp: 800,
      probes: PROBES,
      currentPhase: 0,
      isAdmin: false,
      archived_ts: null,
      created_ts: clock,
    });
    expect(batch.batch_phases.map((p) => [p.phase_name, p.phase_start_date, p.phase_completed_date])).toEqual(
      [
        ['Sanitisation', clock, null],
        ['Active composting', null, null],
        ['Curing', null, null],
      ],
    );
    expect(batch.batch_phases[0]!.sensor_progress.map((s) => [s.sensor_id, s.progress, s.last_ts])).toEqual(
      PROBES.map((p) => [p, 0, null]),
    );
  });

  it('refuses bad batches with a 400 and saves nothing', async () => {
    const before = await count('batches');
    const bad = [
      { BS_ID: STATION, batch_name: '', probes: PROBES },
      { BS_ID: STATION, batch_name: 'X', probes: ['C30101'] }, // on the other station
      { BS_ID: STATION, batch_name: 'X', probes: ['C30001'] }, // already in Windrow 1
      { BS_ID: STATION, batch_name: 'X', probes: ['C30005', 'C30005'] },
      { BS_ID: STATION, batch_name: 'X', probes: [], alertTemp: 20 },
      {
        BS_ID: STATION,
        batch_name: 'X',
        probes: [],
        phases: [
          {
            phase_name: 'A',
            targetTemp: 550,
            targetHours: 72,
            phase_start_date: clock,
            phase_completed_date: null,
          },
          {
            phase_name: 'B',
            targetTemp: null,
            targetHours: 10,
            phase_start_date: clock,
            phase_completed_date: null,
          },
        ],
      },
      {
        BS_ID: STATION,
        batch_name: 'X',
        probes: [],
        phases: [
          {
            phase_name: 'A',
            targetTemp: 550,
            targetHours: 72,
            phase_start_date: clock + 86_400,
            phase_completed_date: null,
          },
        ],
      },
      { BS_ID: STATION, batch_name: 'X', probes: [], unknown: 1 },
    ];
    for (const b of bad) {
      const res = await save('compost', b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
    }
    // Another account's station, or one that does not exist: refused alike.
    expect((await save('compost', { BS_ID: 'F1000001', batch_name: 'X', probes: [] })).statusCode).toBe(403);
    expect((await save('compost', { BS_ID: 'NOPE', batch_name: 'X', probes: [] })).statusCode).toBe(403);
    expect(await count('batches')).toBe(before);
  });

  it('keeps masters read-only and a farm hand away from archiving and defaults', async () => {
    const m = await save('master', { BS_ID: STATION, batch_name: 'M', probes: [] }, compostId);
    expect(m.statusCode).toBe(403);
    expect(
      (await call.post('master', '/client/addBatchTurning', { UID: compostId, batch_id: batch.batch_id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call.post('compost-helper', '/client/archiveBatches', { batch_ids: [batch.batch_id] }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call.post('compost-helper', '/client/saveProcessPhases', {
          phases: [{ phase_name: 'Only', targetTemp: null, targetHours: null }],
        })
      ).statusCode,
    ).toBe(403);
    // The hand sees the batches of the account he works for.
    expect((await getBatches('compost-helper')).results.map((b) => b.batch_id)).toEqual([batch.batch_id]);
  });

  it('counts each probe’s hours at the phase target from the stored readings', async () => {
    clock = start + 80 * H;
    await ingest(t, STATION, hourly(PROBES, start + H, 79, 60));
    await login();
    const [b] = (await getBatches('compost')).results;
    const p0 = b!.batch_phases[0]!;
    expect(p0.sensor_progress).toHaveLength(3);
    for (const s of p0.sensor_progress) {
      // 79 readings an hour apart: 78 hours between the first and the last, all at 60 °C.
      expect(s).toMatchObject({
        progress: 1,
        hours: 78,
        maxTemp: 600,
        lastTemp: 600,
        last_ts: start + 79 * H,
      });
    }
    // Folded once and kept: a second read gives the same and folds nothing new.
    expect((await getBatches('compost')).results[0]!.batch_phases[0]!.sensor_progress).toEqual(
      p0.sensor_progress,
    );
    expect(await count('batch_phase_progress')).toBe(3);
  });

  it('answers only what changed since a time (getChangedBatches)', async () => {
    const first = await getBatches('compost');
    clock += 60;
    const none = await call.get('compost', `/client/getChangedBatches?since=${first.ts}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<BatchesResponse>().results).toEqual([]);
    // New readings of its station change an ongoing batch's progress.
    clock += 60;
    await ingest(t, STATION, hourly(['C30001'], start + 80 * H, 1, 61));
    const after = await call.get('compost', `/client/getChangedBatches?since=${first.ts}`);
    expect(after.json<BatchesResponse>().results.map((b) => b.batch_id)).toEqual([batch.batch_id]);
    const bad = await call.get('compost', '/client/getChangedBatches?since=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('records and removes turnings, refusing times in the future', async () => {
    const add = await call.post('compost-helper', '/client/addBatchTurning', {
      batch_id: batch.batch_id,
      ts: start + 24 * H,
      note: 'turned with the loader',
    });
    expect(add.statusCode, add.body).toBe(200);
    const turnings = add.json<BatchResponse>().result.turnings;
    expect(turnings).toMatchObject([{ ts: start + 24 * H, note: 'turned with the loader' }]);
    expect(
      (await call.post('compost', '/client/addBatchTurning', { batch_id: batch.batch_id, ts: clock + 3600 }))
        .statusCode,
    ).toBe(400);
    const extra = await call.post('compost', '/client/addBatchTurning', { batch_id: batch.batch_id });
    const id = extra.json<BatchResponse>().result.turnings[1]!.id;
    expect(
      (await call.post('compost', '/client/removeBatchTurning', { batch_id: batch.batch_id, id: 999_999 }))
        .statusCode,
    ).toBe(400);
    const removed = await call.post('compost', '/client/removeBatchTurning', {
      batch_id: batch.batch_id,
      id,
    });
    expect(removed.json<BatchResponse>().result.turnings).toHaveLength(1);
  });

  it('replaces a probe in the running phase, keeping both in its progress', async () => {
    const res = await save('compost', {
      batch_id: batch.batch_id,
      BS_ID: STATION,
      batch_name: 'Windrow 1',
      probes: ['C30001', 'C30002', 'C30004'],
      replace: [{ from: 'C30003', to: 'C30004' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<BatchResponse>().result;
    expect(b.probes).toEqual(['C30001', 'C30002', 'C30004']);
    expect(b.batch_phases[0]!.probeReplacements).toEqual([{ from: 'C30003', to: 'C30004', ts: clock }]);
    expect(b.batch_phases[0]!.sensor_progress.map((s) => s.sensor_id).sort()).toEqual([
      'C30001',
      'C30002',
      'C30003',
      'C30004',
    ]);
    // A replacement must swap a probe of the batch for a new one.
    const bad = await save('compost', {
      batch_id: batch.batch_id,
      BS_ID: STATION,
      batch_name: 'Windrow 1',
      probes: ['C30001', 'C30002', 'C30004'],
      replace: [{ from: 'C30009', to: 'C30004' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('judges sanitisation by the standard: a windrow needs 15 days, a vessel 3', async () => {
    const windrow = await call.get('compost', `/client/getSanitisationReport?batch_id=${batch.batch_id}`);
    expect(windrow.statusCode, windrow.body).toBe(200);
    const r1 = windrow.json<{
      result: { verdict: string; requirements: { id: string }[]; notes: string[] };
    }>().result;
    expect(r1.verdict).toBe('notProven');
    expect(r1.requirements.map((r) => r.id)).toEqual(['pfrpWindrow']);
    expect(r1.notes).toContain('turningsRequired');
    // The replaced probe's spot goes on in the new probe, which has no readings yet: not proven either.
    expect(r1.notes).toContain('probeReplaced');

    const saved = await save('compost', {
      batch_id: batch.batch_id,
      BS_ID: STATION,
      batch_name: 'Windrow 1',
      probes: ['C30001', 'C30002'],
      method: 'inVessel',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const vessel = await call.get('compost', `/client/getSanitisationReport?batch_id=${batch.batch_id}`);
    const r2 = vessel.json<{
      result: { verdict: string; requirements: { period: { seconds: number } | null }[]; probes: unknown[] };
    }>().result;
    expect(r2.verdict).toBe('proven');
    expect(r2.requirements[0]!.period!.seconds).toBeGreaterThanOrEqual(72 * H);
    const bgk = await call.get(
      'compost',
      `/client/getSanitisationReport?batch_id=${batch.batch_id}&standard=bgk`,
    );
    expect(bgk.json<{ result: { verdict: string } }>().result.verdict).toBe('notProven');
    expect(
      (await call.get('compost', `/client/getSanitisationReport?batch_id=${batch.batch_id}&standard=xyz`))
        .statusCode,
    ).toBe(400);
    expect(
      (await call.get('hay', `/client/getSanitisationReport?batch_id=${batch.batch_id}`)).statusCode,
    ).toBe(403);
  });

  it('raises a batch notification when a probe reaches the alert limit, and batch_bug when probes fall silent', async () => {
    await save('compost', {
      batch_id: batch.batch_id,
      BS_ID: STATION,
      batch_name: 'Windrow 1',
      probes: ['C30001', 'C30002'],
      alertTemp: 700,
    });
    clock += H;
    await login();
    await ingest(t, STATION, hourly(['C30002'], clock - 60, 1, 72));
    await alertsOf().onNewData([STATION]);
    const [b] = (await getBatches('compost')).results;
    expect(b!.currentAlerts).toEqual([
      { type: 'batch', sensor_id: 'C30002', ts: clock - 60, temperature: 740 },
    ]);
    const n = await call.get('compost', '/client/getNotifications');
    expect(n.statusCode, n.body).toBe(200);
    const batchNote = n
      .json<{ results: { type: string; url: string }[] }>()
      .results.find((x) => x.type === 'batch');
    expect(batchNote).toMatchObject({ url: `/batches/${batch.batch_id}` });

    clock += 5 * H;
    await login();
    await alertsOf().checkSilent();
    const later = await call.get('compost', '/client/getNotifications');
    expect(later.json<{ results: { type: string }[] }>().results.map((x) => x.type)).toContain('batch_bug');
    expect(
      (await getBatches('compost')).results[0]!.currentAlerts.filter((a) => a.type === 'batch_bug'),
    ).toHaveLength(2);
  });

  it('reads the RC events of a phase through the fans feature', async () => {
    const reg = await call.post('admin', '/admin/registerRC12', {
      UID: compostId,
      fc_id: 'RC-COMPOST-1',
      type: 'RC',
      channels: 2,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const secret = reg.json<{ secret: string }>().secret;
    const assign = await call.post('compost', '/fc/setFcAssignment', {
      fc_id: 'RC-COMPOST-1',
      channel: 1,
      isManual: false,
      manualCommand: 0,
      name: 'Blower 1',
      verbose: false,
      batchRef: batch.batch_id,
      monitorRef: null,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    // The log notes a flipped mode switch: drive, then off by hand at the controller.
    for (const mode of ['drive', 'off']) {
      const poll = await t.app.inject({
        method: 'POST',
        url: '/fc/poll2',
        headers: { authorization: `Controller RC-COMPOST-1:${secret}` },
        payload: {
          channels: [
            { channel: 1, fc_mode: mode, drive: 0 },
            { channel: 2, fc_mode: mode, drive: 0 },
          ],
        },
      });
      expect(poll.statusCode, poll.body).toBe(200);
    }
    const log = await call.get('compost', `/client/getPhaseRClog?batch_id=${batch.batch_id}&index=0`);
    expect(log.statusCode, log.body).toBe(200);
    const events = log.json<{ results: { FC_ID: string; channel: number; batchRef: number }[] }>().results;
    expect(events.length).toBeGreaterThan(0);
    expect(
      events.every((e) => e.FC_ID === 'RC-COMPOST-1' && e.channel === 1 && e.batchRef === batch.batch_id),
    ).toBe(true);
    // A phase not started has none; a phase that does not exist is a 400.
    expect(
      (await call.get('compost', `/client/getPhaseRClog?batch_id=${batch.batch_id}&index=2`)).json<{
        results: unknown[];
      }>().results,
    ).toEqual([]);
    expect(
      (await call.get('compost', `/client/getPhaseRClog?batch_id=${batch.batch_id}&index=7`)).statusCode,
    ).toBe(400);
    expect(
      (await call.get('compost', `/client/getPhaseRClog?batch_id=${batch.batch_id}&index=0&limit=101`))
        .statusCode,
    ).toBe(400);
  });

  it('saves the account’s default phases and settings, and a batch’s own plan', async () => {
    const get = await call.get('compost', '/client/getProcessPhases');
    expect(get.json<ProcessPhasesResponse>().results.map((p) => p.phase_name)).toEqual([
      'Sanitisation',
      'Active composting',
      'Curing',
    ]);
    const saved = await call.post('compost', '/client/saveProcessPhases', {
      phases: [
        { phase_name: 'Hot', targetTemp: 650, targetHours: 168 },
        { phase_name: 'Maturing', targetTemp: null, targetHours: 720 },
      ],
      defaults: {
        alertTemp: 750,
        method: 'aeratedStaticPile',
        standard: 'bgk',
        report: { phases: true, probes: true, turnings: false, dailyTable: false, signature: true },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await call.get('compost', '/client/getProcessPhases')).json<ProcessPhasesResponse>();
    expect(again.defaults).toMatchObject({ alertTemp: 750, method: 'aeratedStaticPile', standard: 'bgk' });
    expect(again.results.map((p) => p.phase_name)).toEqual(['Hot', 'Maturing']);

    // A batch's plan: names and targets change, a started phase stays.
    const plan = await call.post('compost', '/client/saveProcessPhases', {
      batch_id: batch.batch_id,
      phases: [{ phase_name: 'Sanitising', targetTemp: 550, targetHours: 72 }],
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const b = (await getBatches('compost')).results[0]!;
    expect(b.batch_phases.map((p) => p.phase_name)).toEqual(['Sanitising']);
    expect(b.batch_phases[0]!.phase_start_date).toBe(start);
    expect(b.batch_phases[0]!.sensor_progress.find((p) => p.sensor_id === 'C30001')!.hours).toBe(79);
    // A new target is counted afresh from the phase's start: no reading's coldest depth reached 65 °C.
    await call.post('compost', '/client/saveProcessPhases', {
      batch_id: batch.batch_id,
      phases: [{ phase_name: 'Sanitising', targetTemp: 650, targetHours: 72 }],
    });
    const refolded = (await getBatches('compost')).results[0]!.batch_phases[0]!.sensor_progress;
    expect(refolded.map((p) => [p.sensor_id, p.hours, p.progress])).toEqual(
      expect.arrayContaining([
        ['C30001', 0, 0],
        ['C30002', 0, 0],
      ]),
    );
    expect(refolded.find((p) => p.sensor_id === 'C30002')!.maxTemp).toBe(720);
    const none = await call.post('compost', '/client/saveProcessPhases', {
      batch_id: batch.batch_id,
      phases: [],
    });
    expect(none.statusCode).toBe(400);
  });

  it('archives completed batches only, and counts them per station', async () => {
    const refused = await call.post('compost', '/client/archiveBatches', { batch_ids: [batch.batch_id] });
    expect(refused.statusCode).toBe(400);
    expect((await getBatches('compost')).results[0]!.archived_ts).toBeNull();

    const done = await save('compost', {
      batch_id: batch.batch_id,
      BS_ID: STATION,
      batch_name: 'Windrow 1',
      probes: ['C30001', 'C30002'],
      status: 2,
    });
    expect(done.statusCode, done.body).toBe(200);
    const completed = done.json<BatchResponse>().result;
    expect(completed).toMatchObject({
      status: 2,
      completed_ts: clock,
      currentPhase: null,
      currentAlerts: [],
    });
    expect(completed.batch_phases[0]!.phase_completed_date).toBe(clock);

    const before = (await getBatches('compost')).ts;
    clock += 1;
    const res = await call.post('compost', '/client/archiveBatches', { batch_ids: [batch.batch_id] });
    expect(res.statusCode, res.body).toBe(200);
    // The web learns of the archiving from the changes, and drops it from its list.
    const changed = await call.get('compost', `/client/getChangedBatches?since=${before}`);
    expect(changed.json<BatchesResponse>().results.map((b) => [b.batch_id, b.archived_ts])).toEqual([
      [batch.batch_id, clock],
    ]);
    expect((await getBatches('compost')).results).toEqual([]);
    // Its link keeps working: asked for by id, it is found archived.
    expect((await getBatches('compost', `?batch_id=${batch.batch_id}`)).results[0]!.archived_ts).toBe(clock);
    expect((await getBatches('compost', '?archived=true')).results.map((b) => b.batch_id)).toEqual([
      batch.batch_id,
    ]);
    const counts = await call.get('compost', '/client/getBatchCounts');
    const c = counts.json<GetBatchCountsResponse>();
    expect([...c.results].sort((a, b) => a.BS_ID.localeCompare(b.BS_ID))).toEqual([
      { BS_ID: STATION, ongoing: 0, completed: 0, archived: 1 },
      { BS_ID: OTHER_STATION, ongoing: 0, completed: 0, archived: 0 },
    ]);
    expect(c).toMatchObject({
      status_code: 0,
      total: { ongoing: 0, completed: 0, archived: 1 },
    });
    // The farm hand starts a batch; an admin's batch is marked as his (not offered to RC units).
    const hand = await save('compost-helper', {
      BS_ID: OTHER_STATION,
      batch_name: 'Windrow 9',
      probes: ['C30101'],
    });
    expect(hand.statusCode, hand.body).toBe(200);
    expect(hand.json<BatchResponse>().result).toMatchObject({
      isAdmin: false,
      UID: compostId,
      method: 'aeratedStaticPile',
      standard: 'bgk',
      alertTemp: 750,
    });
    const admin = await save(
      'admin',
      { BS_ID: OTHER_STATION, batch_name: 'Test', probes: ['C30102'] },
      compostId,
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json<BatchResponse>().result.isAdmin).toBe(true);
    const totals = (await call.get('compost', '/client/getBatchCounts')).json<GetBatchCountsResponse>().total;
    expect(totals).toEqual({ ongoing: 2, completed: 0, archived: 1 });
    // An archived batch changes no more until restored.
    const edit = await save('compost', {
      batch_id: batch.batch_id,
      BS_ID: STATION,
      batch_name: 'Y',
      probes: [],
      status: 2,
    });
    expect(edit.statusCode).toBe(400);
  });
});
