import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@emberwatch/shared/contracts/audit';
import type { GetServicesResponse, ServiceRegistration } from '@emberwatch/shared/contracts/services';
import { asStaffLevel } from './support/staffLevel.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 31 item 5 (decision 0103): services staff register for a customer — the storages feature,
 * the users allowance and the limited data tier — with an optional end, a history, and the account's
 * own columns changed so the rest of the product sees them; ended by the expiry job.
 */
const START = 1_800_000_000;
const DAY = 86_400;

describe(`registered services on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let now = START;
  const tokens: Record<string, string> = {};
  let grainId = 0;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => now });
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function tokenOf(who: string): Promise<string> {
    tokens[who] ??= await t.login(`${who}@demo.emberwatch`);
    return tokens[who];
  }
  const get = async (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const post = async (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(await tokenOf(who)) });
  const columns = async () =>
    t.store.db
      .selectFrom('users')
      .select(['storages_enabled', 'sub_user_count', 'limit_free_data'])
      .where('id', '=', grainId)
      .executeTakeFirstOrThrow();
  const rows = () =>
    t.store.db
      .withTables<{ service_registrations: { id: number; ended_by: string | null } }>()
      .selectFrom('service_registrations')
      .selectAll()
      .orderBy('id')
      .execute();
  const expiry = () => t.jobs.find((j) => j.name === 'services.expiry')!.run();

  it('registers a service: the account changes, the history shows it, a newer one replaces it', async () => {
    const first = await post('/admin/registerService', {
      UID: grainId,
      kind: 'subUsers',
      value: 5,
      untilTs: START + 30 * DAY,
      note: 'Invoice 2026-117',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      registration: {
        kind: 'subUsers',
        value: 5,
        untilTs: START + 30 * DAY,
        endedTs: null,
        staff: 'admin@demo.emberwatch',
      },
      current: { subUsers: 5 },
    });
    expect((await columns()).sub_user_count).toBe(5);

    now += 60;
    const second = await post('/admin/registerService', { UID: grainId, kind: 'subUsers', value: 8 });
    expect(second.json<{ current: { subUsers: number } }>().current.subUsers).toBe(8);
    // A storages registration leaves the users allowance's alone.
    await post('/admin/registerService', {
      UID: grainId,
      kind: 'storages',
      value: 1,
      untilTs: START + 10 * DAY,
    });

    const all = (await get(`/admin/getServices?UID=${grainId}&state=all`)).json<GetServicesResponse>();
    expect(all.current).toEqual({ storages: 1, subUsers: 8, limitedData: 0 });
    const byValue = (v: number, kind: string) => all.results.find((r) => r.value === v && r.kind === kind)!;
    expect(byValue(5, 'subUsers')).toMatchObject({
      endedTs: START + 60,
      endedBy: 'replaced',
      note: 'Invoice 2026-117',
    });
    expect(byValue(8, 'subUsers')).toMatchObject({ endedTs: null, untilTs: null });

    // Running ones only, by default; and filtered by kind and by their end.
    const running = (await get(`/admin/getServices?UID=${grainId}`)).json<GetServicesResponse>().results;
    expect(running.map((r) => [r.kind, r.value])).toEqual([
      ['storages', 1],
      ['subUsers', 8],
    ]);
    const soon = (await get('/admin/getServices?expiring=20')).json<GetServicesResponse>();
    expect(soon.current).toBeNull();
    expect(soon.results.map((r: ServiceRegistration) => [r.username, r.kind])).toEqual([
      ['grain@demo.emberwatch', 'storages'],
    ]);
  });

  it('the expiry job ends what has run out and gives the account the default back, once', async () => {
    now = START + 10 * DAY;
    // Sessions of ten days ago have ended.
    for (const k of Object.keys(tokens)) delete tokens[k];
    await expiry();
    expect(await columns()).toMatchObject({ storages_enabled: 0, sub_user_count: 8 });
    const storages = (await rows()).filter((r) => r.ended_by === 'expiry');
    expect(storages).toHaveLength(1);
    // Run again: nothing more ends, nothing changes.
    await post('/admin/registerService', { UID: grainId, kind: 'storages', value: 1 });
    await expiry();
    expect((await columns()).storages_enabled).toBe(1);
    expect((await rows()).filter((r) => r.ended_by === 'expiry')).toHaveLength(1);
  });

  it('refuses bad input, other accounts and lower levels, and changes nothing', async () => {
    const before = [await columns(), await rows()];
    const hayHelper = (await t.findUser('hay-helper@demo.emberwatch'))!.id;
    const admin = (await t.findUser('admin@demo.emberwatch'))!.id;
    const cases: [object, number, string][] = [
      [{ UID: grainId, kind: 'subUsers', value: 51 }, 400, 'The value is out of range for this service.'],
      [{ UID: grainId, kind: 'storages', value: 2 }, 400, 'The value is out of range for this service.'],
      [
        { UID: grainId, kind: 'storages', value: 1, untilTs: now },
        400,
        'The end date must be in the future.',
      ],
      [
        { UID: grainId, kind: 'storages', value: 1, untilTs: now + 6 * 365 * DAY },
        400,
        'The end date may be at most five years away.',
      ],
      [{ UID: grainId, kind: 'fans', value: 1 }, 400, ''],
      [
        { UID: hayHelper, kind: 'subUsers', value: 3 },
        400,
        'A sub-user has no services of its own; name the account.',
      ],
      [{ UID: admin, kind: 'subUsers', value: 3 }, 400, 'Staff accounts have no services.'],
      [{ UID: 999_999, kind: 'subUsers', value: 3 }, 404, 'No such user.'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post('/admin/registerService', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (error) expect(res.json<{ error: string }>().error).toBe(error);
    }
    // Tech and Sales read, and do not register; a customer does neither.
    for (const group of [2, 3])
      await asStaffLevel(t, group, async () => {
        expect((await get(`/admin/getServices?UID=${grainId}`)).statusCode).toBe(200);
        const res = await post('/admin/registerService', { UID: grainId, kind: 'subUsers', value: 3 });
        expect(res.statusCode).toBe(403);
        expect(res.json<{ error: string }>().error).toBe('Only Root and Admin staff register services.');
      });
    expect((await get(`/admin/getServices?UID=${grainId}`, 'grain')).statusCode).toBe(403);
    expect(
      (await post('/admin/registerService', { UID: grainId, kind: 'subUsers', value: 3 }, 'grain'))
        .statusCode,
    ).toBe(403);
    expect([await columns(), await rows()]).toEqual(before);
  });

  it('the audit trail shows the registration with its before and after', async () => {
    const trail = (await get('/admin/auditLog?call=registerService')).json<{ entries: AuditEntry[] }>();
    const ok = trail.entries.filter((e) => e.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(4);
    expect(ok.some((e) => e.customer?.username === 'grain@demo.emberwatch')).toBe(true);
    expect(ok.flatMap((e) => e.changes)).toContainEqual({
      subject: 'service subUsers',
      before: { value: 5 },
      after: { value: 8, untilTs: null },
    });
  });
});
