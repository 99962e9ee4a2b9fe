import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  GetSimResponse,
  Sim,
  SimCheck,
  StoreSimsResponse,
  ValidityEntry,
} from '@emberwatch/shared/contracts/sims';
import { simsDb } from '../src/features/sims/sims.tables.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';

/**
 * Issue 30 items 3, 5 and 6 (decision 0092): the SIM cards of the base stations through the console's
 * calls, with the local SIM operator stand-in as the operator: a station's card and its status, the
 * list and its filters, the check, the import of the operator's export, expiry dates, the operator's
 * callback and the validity overview — each refusing bad input and other callers with nothing
 * changed, and changing nothing when the operator fails.
 */
const START = Math.floor(Date.now() / 1000);
const DAY = 86_400;
// The stand-in's cards (stand-ins/src/sim-operator): the first eight ACTIVE, the ninth PAUSED.
const SIM1 = '8935801000000000018';
const SIM2 = '8935801000000000026';
const SIM3 = '8935801000000000034';
const PAUSED_SIM = '8935801000000000091';
/** A right-looking number the operator does not know. */
const STRANGER = '8935801999999999991';

describe(`SIM cards on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let callbackUrl: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => START });
    // A real address for the operator's callbacks to /telia/API.
    callbackUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/telia/API`;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    operator().setFaults(0);
    operator().setCallbackUrl(callbackUrl);
  });

  const operator = () => t.standIns['sim-operator'];
  const db = () => simsDb(t.store.db);
  async function tokenOf(who: string): Promise<string> {
    tokens[who] ??= await t.login(`${who}@demo.emberwatch`);
    return tokens[who];
  }
  const get = async (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const post = async (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(await tokenOf(who)) });
  const cards = () => db().selectFrom('sims').selectAll().orderBy('iccid').execute();
  const stations = () =>
    db().selectFrom('base_stations').select(['id', 'sim', 'sim_exp_ts']).orderBy('id').execute();
  const atOperator = (iccid: string) =>
    operator()
      .sims()
      .find((s) => s.iccid === iccid);
  async function simOf(query: string): Promise<GetSimResponse> {
    const res = await get(`/admin/getSIM?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GetSimResponse>();
  }
  async function unchanged(act: () => Promise<void>): Promise<void> {
    const before = { cards: await cards(), stations: await stations(), operator: operator().sims() };
    await act();
    expect(await cards()).toEqual(before.cards);
    expect(await stations()).toEqual(before.stations);
    expect(operator().sims()).toEqual(before.operator);
  }

  it('gives a station its SIM; the block reads it back with the status, its date, the station and owner', async () => {
    expect((await simOf('BS_ID=F1000001')).sim).toBeNull();
    // Typed as printed on the card: groups of digits.
    const res = await post('/admin/setBSSIM', {
      BS_ID: 'F1000001',
      SIM: '8935 8010 0000 0000 018',
      SIMstatus: 'Active',
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = await simOf('BS_ID=F1000001');
    expect(got.sim).toMatchObject({
      iccid: SIM1,
      status: 'Active',
      bs_id: 'F1000001',
      owner: { username: 'hay@demo.emberwatch' },
    });
    expect(got.sim!.status_ts).toEqual(expect.any(Number));
    expect(got.operator).toEqual({ status: 'Active', exp_ts: expect.any(Number) as number });
    expect((await simOf(`SIM=${SIM1}`)).sim).toEqual(got.sim);
    expect((await stations()).find((s) => s.id === 'F1000001')!.sim).toBe(SIM1);
  });

  it('pauses, reactivates and terminates a SIM through the operator, and a terminated SIM stays so', async () => {
    const set = (SIMstatus: string) => post('/admin/setBSSIM', { BS_ID: 'F1000001', SIM: SIM1, SIMstatus });
    expect((await set('Paused')).statusCode).toBe(200);
    expect(atOperator(SIM1)!.state).toBe('PAUSED');
    expect((await simOf('BS_ID=F1000001')).sim!.status).toBe('Paused');
    expect((await set('Active')).statusCode).toBe(200);
    expect(atOperator(SIM1)!.state).toBe('ACTIVE');

    await post('/admin/setBSSIM', { BS_ID: 'F2000001', SIM: SIM3, SIMstatus: 'Active' });
    const end = await post('/admin/setBSSIM', { BS_ID: 'F2000001', SIM: SIM3, SIMstatus: 'Terminated' });
    expect(end.statusCode, end.body).toBe(200);
    expect(atOperator(SIM3)!.state).toBe('TERMINATED');
    await unchanged(async () => {
      const again = await post('/admin/setBSSIM', { BS_ID: 'F2000001', SIM: SIM3, SIMstatus: 'Active' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ error: string }>().error).toContain('terminated');
    });
  });

  it.each([
    ['a SIM number of letters', { BS_ID: 'F1000001', SIM: 'abc', SIMstatus: 'Active' }, 400, 'ICCID'],
    [
      'a mistyped digit',
      { BS_ID: 'F1000001', SIM: '8935801000000000019', SIMstatus: 'Active' },
      400,
      'check digit',
    ],
    ['too short', { BS_ID: 'F1000001', SIM: '893580100000', SIMstatus: 'Active' }, 400, 'ICCID'],
    ['an unknown status', { BS_ID: 'F1000001', SIM: SIM2, SIMstatus: 'Sleeping' }, 400, ''],
    ['no such station', { BS_ID: 'F9999999', SIM: SIM2, SIMstatus: 'Active' }, 404, 'No base station'],
    ['a SIM in another station', { BS_ID: 'F3000001', SIM: SIM1, SIMstatus: 'Active' }, 409, 'F1000001'],
    [
      'a SIM the operator does not know',
      { BS_ID: 'F3000001', SIM: STRANGER, SIMstatus: 'Active' },
      409,
      'does not know',
    ],
  ])('refuses %s with a clear error and changes nothing', async (_what, body, status, words) => {
    await unchanged(async () => {
      const res = await post('/admin/setBSSIM', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ error: string }>().error).toContain(words);
    });
  });

  it('changes nothing when the operator fails, and says so; reads still answer', async () => {
    operator().setFaults(1);
    await unchanged(async () => {
      const res = await post('/admin/setBSSIM', { BS_ID: 'F1000001', SIM: SIM1, SIMstatus: 'Paused' });
      expect(res.statusCode).toBe(502);
      expect(res.json<{ error: string }>().error).toMatch(/SIM operator did not answer.*Nothing was changed/);
      const exp = await post('/admin/setSIMExpiration', { BS_ID: 'F1000001', exp_ts: START + 50 * DAY });
      expect(exp.statusCode).toBe(502);
    });
    const got = await simOf('BS_ID=F1000001');
    expect(got.sim!.status).toBe('Active');
    expect(got.operator).toBeNull();
    expect(got.operator_error).toContain('did not answer');
    const check = await post('/admin/checkSIMs', { sims: [SIM1] });
    expect(check.statusCode).toBe(200);
    expect(check.json<{ operator_error: string | null; results: SimCheck[] }>()).toMatchObject({
      operator_error: expect.stringContaining('did not answer') as string,
      results: [{ iccid: SIM1, known: true, at_operator: null }],
    });
    // Its key never shows.
    expect(JSON.stringify(got)).not.toContain(operator().apiKey);
  });

  it('takes a SIM out of a station with an empty SIM, the card kept', async () => {
    await post('/admin/setBSSIM', { BS_ID: 'F3000001', SIM: SIM2, SIMstatus: 'Active' });
    const res = await post('/admin/setBSSIM', { BS_ID: 'F3000001', SIM: '', SIMstatus: 'Active' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await simOf('BS_ID=F3000001')).sim).toBeNull();
    expect((await simOf(`SIM=${SIM2}`)).sim).toMatchObject({ bs_id: null, owner: null });
  });

  it('checks pasted numbers against the database and the operator, storing nothing', async () => {
    await unchanged(async () => {
      const res = await post('/admin/checkSIMs', { sims: [SIM1, PAUSED_SIM, STRANGER, '12345', `${SIM2} `] });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<{ results: SimCheck[]; operator_error: null }>();
      expect(r.operator_error).toBeNull();
      expect(
        r.results.map((c) => [c.iccid, c.known, c.bs_id, c.status, c.at_operator, c.operator_status]),
      ).toEqual([
        [SIM1, true, 'F1000001', 'Active', true, 'Active'],
        [PAUSED_SIM, false, null, null, true, 'Paused'],
        [STRANGER, false, null, null, false, null],
        ['12345', false, null, null, false, null],
        [SIM2, true, null, 'Active', true, 'Active'],
      ]);
      expect(r.results[3]!.problem).toContain('ICCID');
      expect(r.results[0]!.owner).toMatchObject({ username: 'hay@demo.emberwatch' });
    });
    expect((await post('/admin/checkSIMs', { sims: [] })).statusCode).toBe(400);
  });

  it('imports the operator’s CSV export in one go, a result per line, and a re-import changes nothing', async () => {
    const res = await fetch(`${operator().apiUrl}/v1/export.csv`, {
      headers: { authorization: `Bearer ${operator().apiKey}` },
    });
    const csv = await res.text();
    const bad = `${csv}8935801000000000019;;;ACTIVE;;\n8935801000000000042;;;SLEEPING;;\n${SIM1};;;ACTIVE;;\n`;
    const first = await post('/admin/storeSIMs', { csv: bad });
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json<StoreSimsResponse>();
    // Ten cards, three of them known already (SIM1, SIM2, SIM3), three bad lines.
    expect([r.added, r.updated + r.unchanged, r.refused]).toEqual([7, 3, 3]);
    expect(r.results.filter((l) => l.result === 'refused').map((l) => [l.line, l.error])).toEqual([
      [12, 'iccidCheckDigit'],
      [13, 'status'],
      [14, 'duplicate'],
    ]);
    const paused = (await cards()).find((c) => c.iccid === PAUSED_SIM)!;
    expect(paused).toMatchObject({
      status: 'Paused',
      msisdn: expect.any(String) as string,
      exp_ts: expect.any(Number) as number,
    });
    // The stand-in's export says TERMINATED too: the import agrees with what the console did.
    expect((await cards()).find((c) => c.iccid === SIM3)!.status).toBe('Terminated');

    await unchanged(async () => {
      const again = await post('/admin/storeSIMs', { csv });
      expect(again.statusCode).toBe(200);
      const a = again.json<StoreSimsResponse>();
      expect([a.added, a.updated, a.unchanged, a.refused]).toEqual([0, 0, 10, 0]);
    });
  });

  it('keeps a status newer than the export’s line (a callback after the export), and takes a newer one', async () => {
    const stored = (await cards()).find((c) => c.iccid === SIM2)!;
    const line = (state: string, at: number) =>
      `ICCID;State;StateChanged\n${SIM2};${state};${new Date(at * 1000).toISOString()}\n`;
    await unchanged(async () => {
      const old = await post('/admin/storeSIMs', { csv: line('PAUSED', stored.status_ts! - DAY) });
      expect(old.json<StoreSimsResponse>().results[0]!.result).toBe('unchanged');
    });
    const newer = await post('/admin/storeSIMs', { csv: line('PAUSED', stored.status_ts! + DAY) });
    expect(newer.json<StoreSimsResponse>().results[0]!.result).toBe('updated');
    expect((await cards()).find((c) => c.iccid === SIM2)!.status).toBe('Paused');
    await db().updateTable('sims').set(stored).where('iccid', '=', SIM2).execute();
  });

  it('refuses an import that is no export, or too big, and stores nothing', async () => {
    await unchanged(async () => {
      for (const csv of ['MSISDN;State\n358401;ACTIVE\n', 'ICCID\n', '   \n'])
        expect((await post('/admin/storeSIMs', { csv })).statusCode, csv).toBe(400);
      expect((await post('/admin/storeSIMs', { csv: 'x'.repeat(200_001) })).statusCode).toBe(400);
    });
  });

  it('lists the SIMs with their station and owner, filtered by status, unassigned and expiring', async () => {
    const list = async (q = '') => {
      const res = await get(`/admin/simList${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ results: Sim[] }>().results;
    };
    const all = await list();
    expect(all).toHaveLength(10);
    expect(all.find((s) => s.iccid === SIM1)).toMatchObject({
      bs_id: 'F1000001',
      owner: { username: 'hay@demo.emberwatch' },
    });
    expect((await list('?status=Paused')).map((s) => s.iccid)).toEqual([PAUSED_SIM]);
    const spare = await list('?unassigned=1');
    expect(spare.every((s) => s.bs_id === null)).toBe(true);
    expect(spare.map((s) => s.iccid)).not.toContain(SIM1);
    // The stand-in's cards end 20, 40, … days ahead; a card in a station ends with the station's date.
    await db()
      .updateTable('base_stations')
      .set({ sim_exp_ts: START + 5 * DAY })
      .where('id', '=', 'F1000001')
      .execute();
    const soon = await list('?expiring=30');
    expect(soon.map((s) => s.iccid)).toContain(SIM1);
    expect(soon.every((s) => s.exp_ts !== null && s.exp_ts <= START + 30 * DAY)).toBe(true);
    expect((await get('/admin/simList?status=Sleeping')).statusCode).toBe(400);
  });

  it('sets a station’s and a SIM’s expiry, at the operator first', async () => {
    const exp = START + 100 * DAY;
    const res = await post('/admin/setSIMExpiration', { BS_ID: 'F1000001', exp_ts: exp });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stations()).find((s) => s.id === 'F1000001')!.sim_exp_ts).toBe(exp);
    expect(Date.parse(atOperator(SIM1)!.expiresAt!) / 1000).toBe(exp);
    expect((await simOf('BS_ID=F1000001')).sim!.exp_ts).toBe(exp);

    const spare = await post('/admin/setSIMExpiration', { SIM: PAUSED_SIM, exp_ts: null });
    expect(spare.statusCode, spare.body).toBe(200);
    expect(atOperator(PAUSED_SIM)!.expiresAt).toBeNull();
    expect((await cards()).find((c) => c.iccid === PAUSED_SIM)!.exp_ts).toBeNull();

    await unchanged(async () => {
      for (const body of [
        { exp_ts: exp },
        { SIM: SIM1, BS_ID: 'F1000001', exp_ts: exp },
        { BS_ID: 'F1000001', exp_ts: 'soon' },
        { BS_ID: 'F1000001', exp_ts: -5 },
      ])
        expect((await post('/admin/setSIMExpiration', body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await post('/admin/setSIMExpiration', { SIM: STRANGER, exp_ts: exp })).statusCode).toBe(404);
    });
  });

  it('takes the operator’s state changes at /telia/API with the shared secret only', async () => {
    // The stand-in pauses a card by itself and calls back, as the operator would.
    expect(await operator().changeState(SIM1, 'PAUSED')).toBe(200);
    expect((await simOf(`SIM=${SIM1}`)).sim!.status).toBe('Paused');
    expect(await operator().changeState(SIM1, 'ACTIVE')).toBe(200);
    expect((await simOf(`SIM=${SIM1}`)).sim!.status).toBe('Active');

    const call = (headers: Record<string, string>, body: object) =>
      t.app.inject({ method: 'POST', url: '/telia/API', headers, payload: body });
    const event = { iccid: SIM1, state: 'TERMINATED', changedAt: new Date().toISOString() };
    await unchanged(async () => {
      expect((await call({}, event)).statusCode).toBe(401);
      expect((await call({ 'x-callback-secret': 'guess' }, event)).statusCode).toBe(403);
      // A user's session is no secret.
      expect((await call(bearer(await tokenOf('admin')), event)).statusCode).toBe(401);
      const secret = { 'x-callback-secret': operator().callbackSecret };
      expect((await call(secret, { ...event, state: 'SLEEPING' })).statusCode).toBe(400);
      expect((await call(secret, { ...event, changedAt: 'yesterday' })).statusCode).toBe(400);
      // Older than the state stored, or a card we do not have: nothing to change.
      const old = await call(secret, { ...event, changedAt: '2020-01-01T00:00:00Z' });
      expect(old.json()).toEqual({ status_code: 0, changed: false });
      const unknown = await call(secret, { ...event, iccid: STRANGER });
      expect(unknown.json()).toEqual({ status_code: 0, changed: false });
    });
    expect(await operator().changeState(SIM1, 'ACTIVE', 'wrong-secret')).toBe(403);
  });

  it('shows the plans and SIMs about to expire, soonest first, with their owner', async () => {
    const users = t.store.db;
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    const grain = (await t.findUser('grain@demo.emberwatch'))!;
    await users
      .updateTable('users')
      .set({ plan_due_ts: START + 10 * DAY })
      .where('id', '=', hay.id)
      .execute();
    await users
      .updateTable('users')
      .set({ plan_due_ts: START - 3 * DAY })
      .where('id', '=', grain.id)
      .execute();
    await users
      .updateTable('base_stations')
      .set({ sim_exp_ts: START + 2 * DAY })
      .where('id', '=', 'F2000001')
      .execute();
    await users
      .updateTable('base_stations')
      .set({ sim_exp_ts: START + 200 * DAY })
      .where('id', '=', 'F1000001')
      .execute();
    try {
      const res = await get('/admin/getValidityOverview?days=30');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ results: ValidityEntry[] }>().results;
      const mine = rows.filter((r) => ['F1000001', 'F2000001'].includes(r.bs_id));
      expect(mine.map((r) => [r.kind, r.bs_id, r.exp_ts - START, r.expired, r.owner.username])).toEqual([
        ['plan', 'F2000001', -3 * DAY, true, 'grain@demo.emberwatch'],
        ['sim', 'F2000001', 2 * DAY, false, 'grain@demo.emberwatch'],
        ['plan', 'F1000001', 10 * DAY, false, 'hay@demo.emberwatch'],
      ]);
      expect(rows.map((r) => r.exp_ts)).toEqual([...rows.map((r) => r.exp_ts)].sort((a, b) => a - b));
      expect((await get('/admin/getValidityOverview?days=0')).statusCode).toBe(400);
    } finally {
      await users
        .updateTable('users')
        .set({ plan_due_ts: hay.plan_due_ts })
        .where('id', '=', hay.id)
        .execute();
      await users
        .updateTable('users')
        .set({ plan_due_ts: grain.plan_due_ts })
        .where('id', '=', grain.id)
        .execute();
    }
  });

  it.each([
    ['Root', 0, true],
    ['Admin', 1, true],
    ['Tech', 2, true],
    ['Sales', 3, false],
  ])('as %s staff reads SIMs and the overview; changes them: %s', async (_level, group, mayChange) => {
    await asStaffLevel(t, group, async () => {
      for (const url of ['/admin/simList', `/admin/getSIM?SIM=${SIM1}`, '/admin/getValidityOverview'])
        expect((await get(url)).statusCode, url).toBe(200);
      expect((await post('/admin/checkSIMs', { sims: [SIM1] })).statusCode).toBe(200);
      const writes = async () => {
        const answers = [
          await post('/admin/setBSSIM', { BS_ID: 'F1000001', SIM: SIM1, SIMstatus: 'Active' }),
          await post('/admin/setSIMExpiration', { BS_ID: 'F1000001', exp_ts: START + 100 * DAY }),
          await post('/admin/storeSIMs', { csv: `ICCID;State\n${SIM2};ACTIVE\n` }),
        ];
        for (const a of answers) expect(a.statusCode, a.body).toBe(mayChange ? 200 : 403);
      };
      if (mayChange) await writes();
      else await unchanged(writes);
    });
  });

  it.each(['hay', 'master'])('refuses %s every SIM call (403), nothing changed', async (who) => {
    await unchanged(async () => {
      for (const url of ['/admin/simList', `/admin/getSIM?BS_ID=F1000001`, '/admin/getValidityOverview'])
        expect((await get(url, who)).statusCode, url).toBe(403);
      const writes: [string, object][] = [
        ['/admin/setBSSIM', { BS_ID: 'F1000001', SIM: SIM1, SIMstatus: 'Paused' }],
        ['/admin/setSIMExpiration', { BS_ID: 'F1000001', exp_ts: 0 }],
        ['/admin/storeSIMs', { csv: `ICCID\n${SIM3}\n` }],
        ['/admin/checkSIMs', { sims: [SIM1] }],
      ];
      for (const [url, body] of writes) expect((await post(url, body, who)).statusCode, url).toBe(403);
    });
  });
});
