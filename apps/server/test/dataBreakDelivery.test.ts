import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryOf,
  mailText,
  monitoredStorageWithMessaging,
  smsReplyFrom,
} from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HAY = 'hay@demo.emberwatch';
const PUBLIC_URL = 'http://emberwatch.test';
const H = 3600;
const BS = 'F1000001';

/** Issue 27 item 1 (decision 0067): a silent station or probe warns people, not only the app. */
describe(`data breaks delivered on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let probes: string[];
  let clock = Math.floor(Date.now() / 1000);
  const sms = () => t.standIns.sms.messages();
  const mails = () => t.standIns.smtp.mails();
  const watch = async () => {
    await deliveryOf(t).watchDataBreaks();
    await deliveryOf(t).pump();
  };
  const send = (list: string[], ts: number) =>
    ingest(
      t,
      BS,
      list.map((p) => ({ sensor_id: p, meas_ts: ts, temperatures: [200, 200, 200] })),
    );
  let replies = 0;
  const reply = (body: string) =>
    smsReplyFrom(t, PUBLIC_URL, { MessageSid: `SMd${++replies}`, From: '+12025550101', Body: body });

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL, DELIVERY_MAX_REPEATS: '2' } });
    call = api(t, { hay: await t.login(HAY) });
    ({ probes } = await monitoredStorageWithMessaging(t, call, 'hay', HAY, BS));
    await send(probes, clock - 60);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends nothing while the station reports', async () => {
    clock += H;
    await send(probes, clock - 60);
    await watch();
    expect(sms()).toHaveLength(0);
  });

  it("tells the storage's people by SMS and e-mail when the probes go quiet, in one message per station", async () => {
    const still = probes.slice(3);
    const lastOfQuiet = clock - 60;
    clock += 4 * H - 60;
    await send(still, clock - 30);
    await watch();
    expect(sms()).toHaveLength(0);
    clock += 120;
    await send(still, clock - 30);
    await watch();
    expect(sms()).toHaveLength(1);
    expect(sms()[0]!.to).toBe('+12025550101');
    expect(sms()[0]!.body).toMatch(
      /^Emberwatch: 3 probes at base station North barn \(F1000001\) have sent no data since /,
    );
    expect(sms()[0]!.body).toMatch(/Reply OK [0-9A-Z]+ to acknowledge\. http:\/\/emberwatch\.test\/probes$/);
    expect(mails()).toHaveLength(1);
    expect(mailText(mails()[0]!.raw)).toContain('Subject: Emberwatch: no data from North barn (F1000001)');
    expect(lastOfQuiet).toBeLessThan(clock - 4 * H);
    // Seen again: nothing new.
    await watch();
    expect(sms()).toHaveLength(1);
  });

  it('repeats until someone acknowledges; OK stops it', async () => {
    clock += 30 * 60;
    await send(probes.slice(3), clock - 30);
    await watch();
    expect(sms()).toHaveLength(2);
    expect(sms()[1]!.body).toMatch(/^Reminder 1: Emberwatch: 3 probes/);
    expect(await reply('OK')).toBe('Emberwatch: alerts acknowledged: 3. Thank you.');
    clock += 2 * H;
    await send(probes.slice(3), clock - 30);
    await watch();
    expect(sms()).toHaveLength(2);
  });

  it('sends the all-clear when the data returns', async () => {
    await send(probes, clock - 10);
    await watch();
    expect(sms()).toHaveLength(3);
    expect(sms()[2]!.body).toMatch(
      /^Emberwatch: data from base station North barn \(F1000001\) arrives again\./,
    );
  });

  it('tells of a dead station once, not once per probe, and its all-clear when it is back', async () => {
    clock += 4 * H + 120;
    await watch();
    expect(sms()).toHaveLength(4);
    expect(sms()[3]!.body).toMatch(
      /^Emberwatch: no data from base station North barn \(F1000001\) since .*Check its power, antenna and SIM\./,
    );
    await send(probes, clock - 5);
    await watch();
    expect(sms()).toHaveLength(5);
    expect(sms()[4]!.body).toMatch(/arrives again/);
  });

  it('lets someone in the app acknowledge a data break, and no one of another account', async () => {
    clock += 4 * H + 120;
    await watch();
    const told = sms().length;
    expect(sms().at(-1)!.body).toMatch(/^Emberwatch: no data from base station North barn/);
    call = api(t, { hay: await t.login(HAY), grain: await t.login('grain@demo.emberwatch') });
    const foreign = await call.post('grain', '/client/acknowledgeDataBreak', { BS_ID: BS });
    expect(foreign.statusCode).toBe(404);
    const hayId = (await t.findUser(HAY))!.id;
    const other = await call.post('grain', '/client/acknowledgeDataBreak', { UID: hayId, BS_ID: BS });
    expect(other.statusCode).toBe(403);
    const res = await call.post('hay', '/client/acknowledgeDataBreak', { BS_ID: BS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status_code: 0, acknowledged: 1 });
    clock += 2 * H;
    await watch();
    expect(sms()).toHaveLength(told);
    await send(probes, clock - 5);
    await watch();
    expect(sms().at(-1)!.body).toMatch(/arrives again/);
  });

  it("tells the account's owner of a station without storages", async () => {
    await ingest(t, 'F1000003', [{ sensor_id: 'H10201', meas_ts: clock - 5, temperatures: [200, 200] }]);
    await t.store.db.deleteFrom('storage_probes').where('sensor_id', 'like', 'H102%').execute();
    await t.store.db.deleteFrom('storages').where('bs_id', '=', 'F1000003').execute();
    clock += 4 * H + 120;
    await send(probes, clock - 5);
    await watch();
    const last = sms().at(-1)!;
    expect(last.body).toMatch(/^Emberwatch: no data from base station Field stacks \(F1000003\)/);
    expect(last.to).toBe('+12025550101');
  });

  it("waits the owner's chosen delay: 30 minutes instead of 4 hours (decision 0071)", async () => {
    call = api(t, { hay: await t.login(HAY) });
    const saved = await call.post('hay', '/client/saveDataBreakSettings', { delayS: 1800 });
    expect(saved.statusCode, saved.body).toBe(200);
    await send(probes, clock - 5);
    await watch();
    const before = sms().length;
    clock += 29 * 60;
    await watch();
    const north = () =>
      sms()
        .slice(before)
        .filter((m) => m.body.includes('North barn'));
    expect(north()).toEqual([]);
    clock += 2 * 60;
    await watch();
    expect(north().map((m) => m.body)).toEqual([
      expect.stringMatching(/^Emberwatch: no data from base station North barn \(F1000001\)/),
    ]);
  });
});
