import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '@emberwatch/shared/contracts/audit';
import { auditEndpoints } from '@emberwatch/shared/contracts/audit';
import type { AuditOutcome, AuditTrail } from '../src/http/audit.js';
import { AUDIT_RETENTION_DAYS, LOOK_WINDOW_S } from '../src/features/audit/index.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 30 item 2 (decision 0089): every staff write is recorded (who, when, for whom, what changed,
 * from where, its status), a staff look at a customer's data too (coalesced), never a customer's own
 * call; secrets never reach the store; Root and Admin read the trail, nobody else.
 */
describe(`the audit trail on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  const uid: Record<string, number> = {};

  const post = (who: string, url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(tokens[who]!), ...headers } });
  const get = (who: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
  const log = async (query = '', who = 'admin'): Promise<AuditLogResponse> => {
    const res = await get(who, `/admin/auditLog${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditLogResponse>();
  };
  const newest = async (query = ''): Promise<AuditEntry> => {
    const [entry] = (await log(`?limit=1${query ? `&${query}` : ''}`)).entries;
    if (!entry) throw new Error('no audit entry');
    return entry;
  };
  const trail = (): AuditTrail => t.app.auditTrail!;
  const PLAYERS = ['admin', 'hay', 'master', 'visitor', 'tech', 'sales'];
  const loginAll = async () => {
    for (const name of PLAYERS) tokens[name] = await t.login(`${name}@demo.emberwatch`);
  };
  /** Moves the server's clock on; access tokens live 15 minutes on it, so everyone logs in again. */
  const advance = async (s: number) => {
    clock += s;
    await loginAll();
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    // Two more staff levels, Tech and Sales (the demo has one Root admin), made like the demo's users.
    const { id: _id, ...row } = (await t.findUser('hay-helper@demo.emberwatch'))!;
    for (const [name, group] of [
      ['tech', 2],
      ['sales', 3],
    ] as const)
      await t.store.db
        .insertInto('users')
        .values({
          ...row,
          username: `${name}@demo.emberwatch`,
          main_user_id: null,
          admin: 1,
          admin_group: group,
        })
        .execute();
    await loginAll();
    for (const name of ['admin', 'hay', 'grain'])
      uid[name] = (await t.findUser(`${name}@demo.emberwatch`))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records a staff write for a customer: who, when, for whom, from where, its status and before/after', async () => {
    clock += 10;
    const res = await post(
      'admin',
      '/admin/setPlanInfo',
      { UID: uid.hay, dueDate: clock + 86_400 * 30 },
      { 'user-agent': 'audit-test/1.0' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      atS: clock,
      kind: 'write',
      staff: { id: uid.admin, username: 'admin@demo.emberwatch', level: 'root' },
      customer: { uid: uid.hay, username: 'hay@demo.emberwatch' },
      method: 'POST',
      path: '/admin/setPlanInfo',
      userAgent: 'audit-test/1.0',
      status: 200,
      input: { UID: uid.hay, dueDate: clock + 86_400 * 30 },
    });
    expect(entry.ip).toMatch(/127\.0\.0\.1/);
    expect(entry.changes).toHaveLength(1);
    const [change] = entry.changes;
    expect(change!.subject).toBe('plan');
    expect((change!.after as { plan_due_ts: number }).plan_due_ts).toBe(clock + 86_400 * 30);
    expect((change!.before as { plan_due_ts: number }).plan_due_ts).not.toBe(clock + 86_400 * 30);
  });

  it('records a switch an admin makes on a customer’s account, with the station-less account resolved', async () => {
    const res = await post('admin', '/admin/setVoiceCalls', { UID: uid.grain, voiceCallEnabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await newest();
    expect(entry.customer?.uid).toBe(uid.grain);
    expect(entry.changes).toEqual([
      { subject: 'voice calls', before: { voiceCallEnabled: false }, after: { voiceCallEnabled: true } },
    ]);
  });

  it('does not record a customer’s own write, nor a master’s read', async () => {
    const before = (await log()).total;
    const own = await post('hay', '/client/userInfo', { city: 'Hayfield' });
    expect(own.statusCode, own.body).toBe(200);
    const looked = await get('master', `/client/accountInfo?UID=${uid.hay}`);
    expect(looked.statusCode, looked.body).toBe(200);
    expect((await log()).total).toBe(before);
  });

  it('records a failed write with its status: refused by the service, and refused by the schema', async () => {
    const missing = await post('admin', '/admin/setPlanInfo', { UID: 999_999, dueDate: clock });
    expect(missing.statusCode).toBe(404);
    expect(await newest()).toMatchObject({
      path: '/admin/setPlanInfo',
      status: 404,
      input: { UID: 999_999 },
    });
    const bad = await post('admin', '/admin/setPlanInfo', { UID: uid.hay, dueDate: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(await newest()).toMatchObject({
      path: '/admin/setPlanInfo',
      status: 400,
      customer: { uid: uid.hay },
      changes: [],
    });
  });

  it('never stores a secret: a password staff set for a customer is redacted in the input, and in the store', async () => {
    const secret = 'Very-secret-pw-4242';
    const res = await post('admin', '/client/changeUserPassword', {
      UID: uid.grain,
      username: 'grain@demo.emberwatch',
      newPassword: secret,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      path: '/client/changeUserPassword',
      status: 200,
      customer: { uid: uid.grain },
      input: { UID: uid.grain, username: 'grain@demo.emberwatch', newPassword: '[redacted]' },
    });
    const rows = [
      ...(await sql`select * from audit_entries`.execute(t.store.db)).rows,
      ...(await sql`select * from audit_outcomes`.execute(t.store.db)).rows,
    ];
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('records registering a kit without its code or secret, and activating it for a customer with before/after', async () => {
    const made = await post('admin', '/admin/registerMultipleBSs', { bs_ids: ['F1990001'] });
    expect(made.statusCode, made.body).toBe(200);
    const [result] = made.json<{ results: { bs_id: string; code: string; secret: string }[] }>().results;
    expect(await newest()).toMatchObject({
      path: '/admin/registerMultipleBSs',
      status: 200,
      customer: null,
      changes: [
        { subject: 'base station kits', before: null, after: [{ bs_id: 'F1990001', partner_app: null }] },
      ],
    });
    const stored = JSON.stringify([
      ...(await sql`select * from audit_entries`.execute(t.store.db)).rows,
      ...(await sql`select * from audit_outcomes`.execute(t.store.db)).rows,
    ]);
    expect(stored).not.toContain(result!.code);
    expect(stored).not.toContain(result!.secret);

    const kit = await t.store.db
      .withTables<{ activation_kits: { id: number; bs_id: string | null } }>()
      .selectFrom('activation_kits')
      .select('id')
      .where('bs_id', '=', 'F1990001')
      .executeTakeFirstOrThrow();
    const activated = await post('admin', '/admin/activateKitAdmin', { kit_id: kit.id, UID: uid.hay });
    expect(activated.statusCode, activated.body).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ path: '/admin/activateKitAdmin', customer: { uid: uid.hay }, status: 200 });
    expect(entry.changes[0]).toMatchObject({
      subject: 'kit',
      before: { id: kit.id, bs_id: 'F1990001', claimed_user_id: null },
      after: { id: kit.id, bs_id: 'F1990001', claimed_user_id: uid.hay, claimed_bs_id: 'F1990001' },
    });
  });

  it('writes the entry before the write runs, and its outcome after the answer: a crash in between keeps the record', async () => {
    const original = trail().end.bind(trail());
    const held: [number, AuditOutcome][] = [];
    // The process "dies" after the change committed and the answer left, before the outcome is written.
    trail().end = (id, outcome) => void held.push([id, outcome]);
    try {
      const res = await post('admin', '/admin/setVoiceCalls', { UID: uid.grain, voiceCallEnabled: false });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      trail().end = original;
    }
    expect(held).toHaveLength(1);
    const crashed = await newest();
    expect(crashed).toMatchObject({
      id: held[0]![0],
      path: '/admin/setVoiceCalls',
      status: null,
      changes: [],
    });
    expect(crashed.input).toEqual({ UID: uid.grain, voiceCallEnabled: false });
    // Had it lived, the outcome would have followed.
    original(...held[0]!);
    expect(await newest()).toMatchObject({ id: held[0]![0], status: 200, customer: { uid: uid.grain } });
  });

  it('records a look at a customer’s data once per staff member, customer and call in the window', async () => {
    await advance(3600);
    const looks = async () => (await log(`?kind=read&staff=${uid.admin}&customer=${uid.hay}`)).entries;
    const before = (await looks()).length;
    for (let i = 0; i < 3; i++) {
      const res = await get('admin', `/client/accountInfo?UID=${uid.hay}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    let entries = await looks();
    expect(entries.length).toBe(before + 1);
    expect(entries[0]).toMatchObject({
      kind: 'read',
      path: '/client/accountInfo',
      status: null,
      customer: { uid: uid.hay },
      input: { UID: uid.hay },
    });
    // Another call at the same customer is another look.
    expect((await get('admin', `/client/userInfo?UID=${uid.hay}`)).statusCode).toBe(200);
    expect((await looks()).length).toBe(before + 2);
    // Within the window the same call is not recorded again; after it, it is.
    clock += LOOK_WINDOW_S - 1;
    await get('admin', `/client/accountInfo?UID=${uid.hay}`);
    expect((await looks()).length).toBe(before + 2);
    clock += 1;
    await get('admin', `/client/accountInfo?UID=${uid.hay}`);
    entries = await looks();
    expect(entries.length).toBe(before + 3);
    expect(entries[0]!.atS).toBe(clock);
  });

  it('records a look through a station, and none of a staff member’s own data', async () => {
    await advance(3600);
    const res = await get('admin', '/client/getSite?BS_ID=F1000001');
    expect(res.statusCode, res.body).toBe(200);
    expect(await newest('kind=read')).toMatchObject({
      kind: 'read',
      path: '/client/getSite',
      bsId: 'F1000001',
      customer: { uid: uid.hay },
    });
    const before = (await log('?kind=read')).total;
    expect((await get('admin', '/client/accountInfo')).statusCode).toBe(200);
    expect((await log('?kind=read')).total).toBe(before);
  });

  it('filters by staff, customer, station, call, kind and time, pages newest first, and sorts', async () => {
    await advance(3600);
    const from = clock;
    await post('admin', '/admin/setVoiceCalls', { UID: uid.hay, voiceCallEnabled: true });
    clock += 5;
    await post('admin', '/admin/setPlanInfo', { UID: uid.grain, dueDate: clock + 86_400 });
    clock += 5;
    await get('admin', `/client/accountInfo?UID=${uid.grain}`);

    const window = `from=${from}&to=${clock}`;
    expect((await log(`?${window}`)).entries.map((e) => e.path)).toEqual([
      '/client/accountInfo',
      '/admin/setPlanInfo',
      '/admin/setVoiceCalls',
    ]);
    expect((await log(`?${window}&dir=asc`)).entries.map((e) => e.path)).toEqual([
      '/admin/setVoiceCalls',
      '/admin/setPlanInfo',
      '/client/accountInfo',
    ]);
    expect((await log(`?${window}&sort=call&dir=asc`)).entries.map((e) => e.path)).toEqual([
      '/admin/setPlanInfo',
      '/admin/setVoiceCalls',
      '/client/accountInfo',
    ]);
    expect((await log(`?${window}&kind=write`)).total).toBe(2);
    expect((await log(`?${window}&kind=read`)).total).toBe(1);
    expect((await log(`?${window}&customer=${uid.grain}`)).total).toBe(2);
    expect((await log(`?${window}&customer=HAY@demo`)).entries.map((e) => e.path)).toEqual([
      '/admin/setVoiceCalls',
    ]);
    expect((await log(`?${window}&call=setPlan`)).total).toBe(1);
    expect((await log(`?${window}&staff=admin@`)).total).toBe(3);
    expect((await log(`?${window}&staff=${uid.hay}`)).total).toBe(0);
    expect((await log(`?from=${from + 5}&to=${from + 5}`)).entries.map((e) => e.path)).toEqual([
      '/admin/setPlanInfo',
    ]);
    // A % in the search is a character, not a wildcard.
    expect((await log(`?${window}&call=%25`)).total).toBe(0);
    const page1 = await log(`?${window}&limit=2`);
    const page2 = await log(`?${window}&limit=2&offset=2`);
    expect(page1.total).toBe(3);
    expect(page1.entries).toHaveLength(2);
    expect(page2.entries.map((e) => e.path)).toEqual(['/admin/setVoiceCalls']);
  });

  it('filters by station', async () => {
    await advance(3600);
    const station = t.stations[0]!.bs_id;
    const res = await post('admin', '/admin/undoBSActivation', { BS_ID: station });
    // Refused (the demo station was not activated from a kit), but recorded with the station it named.
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const found = await log(`?station=${station.slice(1, 6)}&from=${clock}`);
    expect(found.entries.map((e) => [e.path, e.bsId, e.status])).toEqual([
      ['/admin/undoBSActivation', station, res.statusCode],
    ]);
  });

  it('refuses bad filters with 400', async () => {
    expect((await get('admin', '/admin/auditLog?kind=delete')).statusCode).toBe(400);
    expect((await get('admin', '/admin/auditLog?limit=5000')).statusCode).toBe(400);
    expect((await get('admin', '/admin/auditLog?sort=ip')).statusCode).toBe(400);
  });

  it('is read by Root and Admin only: Tech, Sales, masters, customers and the visitor get 403, strangers 401', async () => {
    expect((await get('admin', '/admin/auditLog')).statusCode).toBe(200);
    await t.store.db.updateTable('users').set({ admin_group: 1 }).where('id', '=', uid.admin!).execute();
    try {
      expect((await get('admin', '/admin/auditLog')).statusCode).toBe(200);
    } finally {
      await t.store.db.updateTable('users').set({ admin_group: 0 }).where('id', '=', uid.admin!).execute();
    }
    for (const who of ['tech', 'sales', 'master', 'hay', 'visitor']) {
      const res = await get(who, '/admin/auditLog');
      expect(res.statusCode, who).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('Only Root and Admin staff can read the audit trail.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/auditLog' })).statusCode).toBe(401);
  });

  it('records Tech and Sales staff too, with their level', async () => {
    await post('tech', '/admin/setVoiceCalls', { UID: uid.hay, voiceCallEnabled: false });
    expect(await newest()).toMatchObject({ staff: { username: 'tech@demo.emberwatch', level: 'tech' } });
    await post('sales', '/admin/setVoiceCalls', { UID: uid.hay, voiceCallEnabled: true });
    expect(await newest()).toMatchObject({ staff: { username: 'sales@demo.emberwatch', level: 'sales' } });
  });

  it('is never editable: no call changes it, and the store refuses an update', async () => {
    expect(Object.values(auditEndpoints).every((e) => e.method === 'GET')).toBe(true);
    await expect(
      sql`update audit_entries set staff_username = 'someone else'`.execute(t.store.db),
    ).rejects.toThrow(/never changed/);
    await expect(sql`update audit_outcomes set status = 200`.execute(t.store.db)).rejects.toThrow(
      /never changed/,
    );
  });

  it('prunes records past the retention period, and only those', async () => {
    const total = (await log()).total;
    expect(total).toBeGreaterThan(0);
    const prune = t.jobs.find((j) => j.name === 'audit.prune')!;
    await prune.run();
    expect((await log()).total).toBe(total);
    await advance(AUDIT_RETENTION_DAYS * 86_400 + 1);
    await post('admin', '/admin/setVoiceCalls', { UID: uid.hay, voiceCallEnabled: true });
    await prune.run();
    const left = await log();
    expect(left.total).toBe(1);
    expect(left.entries[0]).toMatchObject({ path: '/admin/setVoiceCalls', status: 200 });
  });
});
