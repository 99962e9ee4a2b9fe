import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@emberwatch/shared/contracts/audit';
import type {
  ConfirmGariMobileResponse,
  GariCheck,
  GariMigration,
  MigrateGariUserResponse,
} from '@emberwatch/shared/contracts/gariMigration';
import { parseGariExport, type GariAccount } from '@emberwatch/shared/domain/gariMigration/gariExport';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import { gariMigrationDb } from '../src/features/gari-migration/gariMigration.tables.js';
import { deliveryOf } from './support/deliveryHelpers.js';
import { asStaffLevel } from './support/staffLevel.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 31 item 6 (decision 0102): accounts of the older Gari system moved in from its export
 * (apps/server/test/fixtures/gari-export-sample.json, docs/gari-export-format.md): the checks, the
 * migration in one transaction (twice is once, a refused account changes nothing, each lands in the
 * audit trail), and the phone confirmed by a code sent as an SMS through the delivery outbox.
 */
const SAMPLE = readFileSync(new URL('./fixtures/gari-export-sample.json', import.meta.url), 'utf8');
const parsed = parseGariExport(SAMPLE);
if (!parsed.ok) throw new Error(`the sample does not parse: ${parsed.problem}`);
const [NIEMI, LUND, CLASHING] = parsed.accounts as [GariAccount, GariAccount, GariAccount];

const codeIn = (text: string | undefined) => /\b(\d{4})\b/.exec(text ?? '')?.[1] ?? '';

describe(`the Gari migration on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
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
  const db = () => gariMigrationDb(t.store.db);
  const count = async (table: 'users' | 'base_stations' | 'probes' | 'gari_migrations') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    users: await count('users'),
    stations: await count('base_stations'),
    probes: await count('probes'),
    migrations: await count('gari_migrations'),
  });
  async function check(accounts: GariAccount[]): Promise<GariCheck[]> {
    const res = await post('/admin/checkGariMigration', { accounts });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: GariCheck[] }>().results;
  }
  async function migrate(account: GariAccount, who = 'admin') {
    return post('/admin/migrateGariUser', { account }, who);
  }
  const auditOf = async (call: string) =>
    (await get(`/admin/auditLog?call=${call}&limit=10`)).json<AuditLogResponse>().entries;

  it('checks the sample: two accounts would be created, the third names every problem; nothing stored', async () => {
    const before = await counts();
    const [niemi, lund, clashing] = await check(parsed.accounts);
    expect(niemi).toEqual({
      gari_id: 'GA-1001',
      username: 'niemi.farm',
      username_status: 'free',
      uid: null,
      stations_new: ['G7000001', 'G7000002'],
      stations_kept: [],
      probes_new: ['H70001', 'H70002', 'G70003', 'G70004'],
      probes_kept: [],
      problems: [],
      state: null,
    });
    expect(lund).toMatchObject({ username_status: 'free', problems: [] });
    expect(clashing!.username_status).toBe('taken');
    expect(clashing!.problems.map((p) => [p.code, p.subject])).toEqual([
      ['phoneInvalid', null],
      ['emailInvalid', null],
      ['languageUnknown', null],
      ['usernameTaken', null],
      ['stationTaken', 'F1000001'],
      ['probeTaken', 'H10001'],
    ]);
    expect(clashing!.problems[4]!.message).toBe(
      'The base station id is already in use by another Emberwatch account.',
    );
    expect(await counts()).toEqual(before);
  });

  it('says whose a username is', async () => {
    const status = async (username: string, gari_id?: string) =>
      (await post('/admin/checkGariUsername', { username, ...(gari_id ? { gari_id } : {}) })).json<{
        status: string;
        uid: number | null;
      }>();
    expect(await status('niemi.farm')).toMatchObject({ status: 'free', uid: null });
    // Another customer's account: taken, and not named.
    expect(await status('HAY@demo.emberwatch')).toEqual({
      status_code: 0,
      username: 'HAY@demo.emberwatch',
      status: 'taken',
      uid: null,
    });
    expect(await status('ab')).toMatchObject({ status: 'invalid' });
  });

  it('refuses an account with problems whole, and changes nothing', async () => {
    const before = await counts();
    const res = await migrate(CLASHING);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status_code: 409 });
    expect(res.json<{ error: string }>().error).toContain('Not migrated, nothing was changed.');
    expect(res.json<{ error: string }>().error).toContain('F1000001: The base station id is already in use');
    // Bad input alone (no clash with the store): 400.
    const bad = await migrate({ ...LUND, phone: '12' });
    expect(bad.statusCode).toBe(400);
    // Not even a well-formed request: 400 from the schema.
    expect((await post('/admin/migrateGariUser', { account: { gari_id: 'x' } })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses Sales and customers the migration, and customers the checks, with nothing changed', async () => {
    const before = await counts();
    const sales = await asStaffLevel(t, 3, async () => ({
      migrate: await migrate(NIEMI),
      check: await post('/admin/checkGariMigration', { accounts: [NIEMI] }),
    }));
    expect(sales.migrate.statusCode).toBe(403);
    expect(sales.migrate.json()).toMatchObject({ error: 'Only Root and Admin staff migrate Gari accounts.' });
    expect(sales.check.statusCode).toBe(200);
    expect((await migrate(NIEMI, 'hay')).statusCode).toBe(403);
    expect((await post('/admin/checkGariMigration', { accounts: [NIEMI] }, 'hay')).statusCode).toBe(403);
    expect((await get('/admin/getGariMigrations', 'hay')).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('migrates an account from the sample in one go; twice is once; the trail has it', async () => {
    const before = await counts();
    const res = await migrate(NIEMI);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<MigrateGariUserResponse>();
    expect(done).toMatchObject({
      status_code: 0,
      gari_id: 'GA-1001',
      username: 'niemi.farm',
      created_account: true,
      stations_added: 2,
      probes_added: 4,
      already: false,
      state: 'completed',
    });
    expect(await counts()).toEqual({
      users: before.users + 1,
      stations: before.stations + 2,
      probes: before.probes + 4,
      migrations: before.migrations + 1,
    });
    const user = await t.findUser('niemi.farm');
    expect(user).toMatchObject({
      id: done.uid,
      partner_app: 'gari',
      firstname: 'Matti Niemi',
      lastname: 'Niemi Farm',
      phone: '+358401234567',
      language: 'fi',
    });
    const probes = await db()
      .selectFrom('probes')
      .select(['sensor_id', 'bs_id', 'sensor_name', 'kind'])
      .where('bs_id', 'in', ['G7000001', 'G7000002'])
      .orderBy('sensor_id')
      .execute();
    expect(probes).toEqual([
      { sensor_id: 'G70003', bs_id: 'G7000002', sensor_name: 'Silo east', kind: 'grain' },
      { sensor_id: 'G70004', bs_id: 'G7000002', sensor_name: 'Silo west', kind: 'grain' },
      { sensor_id: 'H70001', bs_id: 'G7000001', sensor_name: 'Bale row 1', kind: 'hay' },
      { sensor_id: 'H70002', bs_id: 'G7000001', sensor_name: 'Bale row 2', kind: 'hay' },
    ]);

    const again = await migrate(NIEMI);
    expect(again.json()).toMatchObject({ already: true, uid: done.uid, stations_added: 0, probes_added: 0 });
    expect(await counts()).toEqual({
      users: before.users + 1,
      stations: before.stations + 2,
      probes: before.probes + 4,
      migrations: before.migrations + 1,
    });

    const [recheck] = await check([NIEMI]);
    expect(recheck).toMatchObject({
      username_status: 'migrated',
      uid: done.uid,
      stations_new: [],
      stations_kept: ['G7000001', 'G7000002'],
      probes_new: [],
      state: 'completed',
      problems: [],
    });
    expect(
      (await post('/admin/checkGariUsername', { username: 'niemi.farm', gari_id: 'GA-1001' })).json(),
    ).toMatchObject({ status: 'migrated', uid: done.uid });

    const trail = await auditOf('migrateGariUser');
    const ok = trail.filter((e) => e.status === 200);
    expect(ok).toHaveLength(2);
    expect(ok[1]).toMatchObject({
      customer: { uid: done.uid, username: 'niemi.farm' },
      changes: [
        { subject: 'Gari account GA-1001', before: null, after: { state: 'completed', uid: done.uid } },
      ],
    });
    // The refusals are in the trail too, with their status.
    expect(trail.map((e) => e.status)).toEqual(expect.arrayContaining([409, 400, 403]));
  });

  it('attaches to a Gari user that has the username, adding only what it lacks', async () => {
    // A Gari user (activated under the Gari service) who has one of the stations already.
    const compost = (await t.findUser('compost@demo.emberwatch'))!;
    await db().updateTable('users').set({ partner_app: 'gari' }).where('id', '=', compost.id).execute();
    const account = { ...LUND, username: 'compost@demo.emberwatch' };
    const [plan] = await check([account]);
    expect(plan).toMatchObject({ username_status: 'gari', uid: compost.id, stations_new: ['G7000003'] });
    const before = await counts();
    const res = await migrate(account);
    expect(res.json()).toMatchObject({
      created_account: false,
      uid: compost.id,
      stations_added: 1,
      probes_added: 1,
    });
    expect(await counts()).toEqual({
      ...before,
      stations: before.stations + 1,
      probes: before.probes + 1,
      migrations: before.migrations + 1,
    });
    const owner = await db()
      .selectFrom('base_stations')
      .select('owner_user_id')
      .where('id', '=', 'G7000003')
      .executeTakeFirst();
    expect(owner?.owner_user_id).toBe(compost.id);
  });

  it('confirms the migrated account’s phone by a code sent as an SMS through the outbox', async () => {
    const confirm = (body: object) => post('/admin/confirmGariMobile', body);
    // Not migrated: nothing to confirm.
    expect((await confirm({ gari_id: 'GA-1003' })).statusCode).toBe(404);
    // No code asked for yet.
    expect((await confirm({ gari_id: 'GA-1001', code: '1234' })).json()).toMatchObject({ status_code: 2 });

    const sent = await confirm({ gari_id: 'GA-1001' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ConfirmGariMobileResponse>()).toMatchObject({
      sent: true,
      phone: '+358401234567',
      state: 'completed',
    });
    const outbox = await t.store.db
      .withTables<DeliveryTables>()
      .selectFrom('delivery_messages')
      .select(['channel', 'address', 'kind'])
      .where('address', '=', '+358401234567')
      .execute();
    expect(outbox).toEqual([{ channel: 'sms', address: '+358401234567', kind: 'code' }]);
    await deliveryOf(t).pump();
    const sms = t.standIns.sms.messages().filter((m) => m.to === '+358401234567');
    expect(sms).toHaveLength(1);
    const code = codeIn(sms[0]!.body);
    expect(code).toMatch(/^\d{4}$/);
    // The code is never stored, only its keyed hash.
    const row = await db()
      .selectFrom('gari_migrations')
      .selectAll()
      .where('gari_id', '=', 'GA-1001')
      .executeTakeFirst();
    expect(row?.code_hash).not.toContain(code);
    expect(row?.code_hash).toHaveLength(64);

    const wrong = await confirm({ gari_id: 'GA-1001', code: code === '0000' ? '0001' : '0000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status_code: 2, error: 'Confirmation code is wrong' });
    const ok = await confirm({ gari_id: 'GA-1001', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'phoneConfirmed', sent: false });
    const again = await confirm({ gari_id: 'GA-1001', code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status_code: 13, error: 'This phone number has been confirmed' });

    // The account area shows the number confirmed, as if the customer had confirmed it there.
    const uid = (await t.findUser('niemi.farm'))!.id;
    const account = (await get(`/client/accountInfo?UID=${uid}`)).json<{
      account: { phones: { phoneNumber: string; confirmed: boolean }[] };
    }>().account;
    expect(account.phones).toEqual([expect.objectContaining({ confirmed: true })]);

    const list = (await get('/admin/getGariMigrations')).json<{ results: GariMigration[] }>().results;
    expect(list.find((m) => m.gari_id === 'GA-1001')).toMatchObject({
      username: 'niemi.farm',
      state: 'phoneConfirmed',
      created_account: true,
      stations: 2,
      probes: 4,
    });
    const trail = await auditOf('confirmGariMobile');
    expect(
      trail.find((e) => e.status === 200 && (e.input as { code?: string }).code === undefined),
    ).toBeTruthy();
  });

  it('tells the account (the top bar’s badge) it was migrated; others see nothing of it', async () => {
    const niemi = (await t.findUser('niemi.farm'))!;
    const state = async (uid: number, who = 'admin') => get(`/client/gariMigrationState?UID=${uid}`, who);
    expect((await state(niemi.id)).json()).toEqual({
      status_code: 0,
      migrationCompleted: true,
      phoneConfirmed: true,
    });
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    expect((await state(hay.id, 'hay')).json()).toEqual({
      status_code: 0,
      migrationCompleted: false,
      phoneConfirmed: false,
    });
    expect((await state(niemi.id, 'hay')).statusCode).toBe(403);
  });
});
