import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Customer,
  CustomerDetail,
  CustomerListResponse,
  CustomerLocationsResponse,
} from '@emberwatch/shared/contracts/customers';
import { loadConfig } from '../src/config.js';
import { customersDb } from '../src/features/customers/customers.tables.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';

/**
 * Issue 31 item 1 (decision 0098): the console's customers — the lists with the hay-app option, the
 * masters and the migrated, the map of locations with the tiles the deployment configures, a
 * customer's facts, and an account registered by staff whose first login goes out by e-mail (and
 * works through the forgotten-password flow), each refusing bad input and other callers with
 * nothing changed.
 */
const START = Math.floor(Date.now() / 1000);
const TILES = 'https://tiles.example.test/{z}/{x}/{y}.png';
const SALES = 3;
const TECH = 2;

describe(`customers on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const PEOPLE = ['admin', 'hay', 'grain', 'compost', 'master', 'hay-helper'] as const;
  const uid = {} as Record<(typeof PEOPLE)[number], number>;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => START, env: { MAP_TILE_URL: TILES } });
    for (const name of PEOPLE) uid[name] = (await t.findUser(`${name}@demo.emberwatch`))!.id;
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
  const list = async (url: string, who = 'admin') => {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerListResponse>();
  };
  /** The trail's newest entry of a call, through the console's own read (which waits for the trail). */
  const newestAudit = async (call: string) => {
    const res = await get(`/admin/auditLog?call=${call}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ entries: Record<string, unknown>[] }>().entries[0];
  };
  const names = (r: { results: Customer[] }) => r.results.map((c) => c.username);
  const userCount = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A customer of the hay app (partner_app 'haytech'), as its activation makes one. */
  const addHayAppUser = async (username: string) => {
    const row = await t.store.db
      .insertInto('users')
      .values({
        ...(await t.findUser('grain@demo.emberwatch'))!,
        id: undefined,
        username,
        partner_app: 'haytech',
        master: 0,
        grand_master: 0,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** The account's migration to the separate app starts: the migration is open and it gets its key. */
  const startMigration = async (ownerId: number) => {
    expect(
      (await post('/setMigrationOn', { on: true, url: 'https://insight.example.test' })).statusCode,
    ).toBe(200);
    const res = await post('/testMigrationCall', { UID: ownerId });
    expect(res.json()).toMatchObject({ status_code: 0 });
  };

  it('lists the customers a page at a time, without staff or sub-users, by search, plan and country', async () => {
    const all = await list('/admin/getusers?limit=200');
    expect(names(all)).toEqual(expect.arrayContaining(['hay@demo.emberwatch', 'master@demo.emberwatch']));
    expect(names(all)).not.toContain('admin@demo.emberwatch');
    expect(names(all)).not.toContain('hay-helper@demo.emberwatch');
    expect(all.total).toBe(all.results.length);
    // Sorted by username, then a page of two and the next.
    expect(names(all)).toEqual(
      [...names(all)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const first = await list('/admin/getusers?limit=2&offset=0');
    const second = await list('/admin/getusers?limit=2&offset=2');
    expect(first.total).toBe(all.total);
    expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 4));

    const hay = all.results.find((c) => c.username === 'hay@demo.emberwatch')!;
    expect(hay).toMatchObject({ U_ID: uid.hay, country: 'fi', planName: 'Premium', group: 'other' });
    expect(hay.stations).toBeGreaterThan(0);

    expect(names(await list('/admin/getusers?q=COMPOST'))).toEqual(['compost@demo.emberwatch']);
    expect(names(await list(`/admin/getusers?q=${uid.grain}`))).toContain('grain@demo.emberwatch');
    // A % in the search is a character, not a wildcard.
    expect((await list('/admin/getusers?q=%25')).total).toBe(0);
    const supervisors = await list('/admin/getusers?plan=Supervisor');
    expect(names(supervisors)).toEqual(['compost@demo.emberwatch']);
    const us = await list('/admin/getusers?country=US');
    expect(us.results.every((c) => c.country === 'us')).toBe(true);
    expect(names(us)).toContain('grain@demo.emberwatch');
    const byCreatedDesc = await list('/admin/getusers?sort=created&dir=desc&limit=200');
    expect(byCreatedDesc.total).toBe(all.total);

    expect((await get('/admin/getusers?plan=Gold')).statusCode).toBe(400);
    expect((await get('/admin/getusers?limit=1000')).statusCode).toBe(400);
  });

  it('splits hay-app or migrating users from the others, each once (by U_ID)', async () => {
    const hayApp = await addHayAppUser('haytech-farm@example.test');
    const both = await addHayAppUser('haytech-migrating@example.test');
    await startMigration(both);
    await startMigration(uid.grain);

    const only = await list('/admin/getusers?hayApp=only&limit=200');
    expect(names(only).sort()).toEqual(
      ['grain@demo.emberwatch', 'haytech-farm@example.test', 'haytech-migrating@example.test'].sort(),
    );
    expect(only.total).toBe(3);
    expect(new Set(only.results.map((c) => c.U_ID)).size).toBe(3);
    const group = Object.fromEntries(only.results.map((c) => [c.U_ID, c.group]));
    expect(group).toEqual({ [hayApp]: 'hayApp', [both]: 'hayApp', [uid.grain]: 'migrating' });

    const others = await list('/admin/getusers?hayApp=others&limit=200');
    const all = await list('/admin/getusers?limit=200');
    expect(others.total + only.total).toBe(all.total);
    expect(names(others)).not.toContain('grain@demo.emberwatch');
    expect(names(others)).toContain('hay@demo.emberwatch');

    const migrated = await list('/admin/getMigratedUsers');
    expect(names(migrated).sort()).toEqual(['grain@demo.emberwatch', 'haytech-migrating@example.test']);
    expect(migrated.results.find((c) => c.U_ID === uid.grain)!.migrationStarted).toBe(START);
  });

  it('lists the masters with how many accounts authorised each', async () => {
    const masters = await list('/admin/getMasterUsers');
    expect(names(masters)).toEqual(['master@demo.emberwatch']);
    expect(masters.results[0]).toMatchObject({ master: true, authorizedAccounts: 2 });
  });

  it('every staff level reads the lists; customers and masters are refused', async () => {
    await asStaffLevel(t, SALES, async () => {
      expect((await get('/admin/getusers')).statusCode).toBe(200);
      expect((await get('/admin/getuserLocations')).statusCode).toBe(200);
    });
    for (const who of ['hay', 'master']) {
      const res = await get('/admin/getusers', who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Only admins see the customers.' });
      expect((await get(`/admin/getCustomer?UID=${uid.hay}`, who)).statusCode).toBe(403);
    }
  });

  it('shows one customer’s facts and stations, and records the look in the trail', async () => {
    const res = await get(`/admin/getCustomer?UID=${uid.hay}`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<{ customer: CustomerDetail }>().customer;
    expect(c).toMatchObject({ U_ID: uid.hay, username: 'hay@demo.emberwatch', subUsers: 1 });
    expect(c.stationList.map((s) => s.bsId)).toContain('F1000001');
    expect(c.stationList.find((s) => s.bsId === 'F1000001')!.probes).toBeGreaterThan(0);
    expect(await newestAudit('getCustomer')).toMatchObject({ kind: 'read', customer: { uid: uid.hay } });

    expect((await get('/admin/getCustomer?UID=999999')).statusCode).toBe(404);
    // Staff and sub-users are not customers.
    expect((await get(`/admin/getCustomer?UID=${uid.admin}`)).statusCode).toBe(404);
    expect((await get(`/admin/getCustomer?UID=${uid['hay-helper']}`)).statusCode).toBe(404);
  });

  it('maps the customers that have a location, with the configured tiles', async () => {
    const map = await get('/admin/getuserLocations');
    expect(map.statusCode, map.body).toBe(200);
    const body = map.json<CustomerLocationsResponse>();
    expect(body.tileUrl).toBe(TILES);
    // The page's policy lets the tile server's images in, and only its origin.
    const csp = String(map.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: https:\/\/tiles\.example\.test(;|$)/);
    const hay = body.results.find((p) => p.U_ID === uid.hay)!;
    expect(hay).toMatchObject({ lat: 62.7903, lon: 22.8403, country: 'fi' });
    expect(body.withoutLocation).toBeGreaterThan(0);
    expect(body.results.map((p) => p.U_ID)).not.toContain(uid.admin);
    // No tile server configured: none is named, and the map draws on a plain background.
    expect(loadConfig({}).mapTileUrl).toBeUndefined();
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('sets and removes a customer’s location; bad input and Sales change nothing', async () => {
    const stored = () =>
      customersDb(t.store.db)
        .selectFrom('customer_locations')
        .select(['lat_e6', 'lon_e6'])
        .where('owner_user_id', '=', uid.master)
        .executeTakeFirst();
    const before = await stored();
    expect((await post('/admin/setUserLocation', { UID: uid.master, lat: 91, lon: 20 })).statusCode).toBe(
      400,
    );
    expect((await post('/admin/setUserLocation', { UID: uid.master, lat: 60, lon: null })).statusCode).toBe(
      400,
    );
    expect((await post('/admin/setUserLocation', { UID: 999_999, lat: 60, lon: 20 })).statusCode).toBe(404);
    await asStaffLevel(t, SALES, async () => {
      const res = await post('/admin/setUserLocation', { UID: uid.master, lat: 61, lon: 21 });
      expect(res.statusCode).toBe(403);
    });
    expect(
      (await post('/admin/setUserLocation', { UID: uid.master, lat: 61, lon: 21 }, 'hay')).statusCode,
    ).toBe(403);
    expect(await stored()).toEqual(before);

    await asStaffLevel(t, TECH, async () => {
      const res = await post('/admin/setUserLocation', { UID: uid.master, lat: 61.123456, lon: -21.5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ location: { lat: 61.123456, lon: -21.5 } });
    });
    expect(await stored()).toEqual({ lat_e6: 61_123_456, lon_e6: -21_500_000 });
    const detail = (await get(`/admin/getCustomer?UID=${uid.master}`)).json<{ customer: CustomerDetail }>();
    expect(detail.customer.location).toEqual({ lat: 61.123456, lon: -21.5 });

    expect((await post('/admin/setUserLocation', { UID: uid.master, lat: null, lon: null })).statusCode).toBe(
      200,
    );
    expect(await stored()).toBeUndefined();
  });

  it('registers a customer, e-mails its first login without a secret, records it in the trail, and the login works', async () => {
    const username = 'new-farm@example.test';
    const email = 'owner@new-farm.example.test';
    const res = await post('/admin/registerUser', {
      username,
      email,
      firstname: 'Nora',
      lastname: 'New Farm Ltd',
      country: 'FI',
      language: 'fi',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ U_ID: number; username: string; emailQueued: boolean }>();
    expect(answer).toMatchObject({ status_code: 0, username, emailQueued: true });
    expect(Object.keys(answer).sort()).toEqual(['U_ID', 'emailQueued', 'status_code', 'username']);

    const user = (await t.findUser(username))!;
    expect(user).toMatchObject({ id: answer.U_ID, email, country: 'fi', language: 'fi', admin: 0 });
    expect(user.main_user_id).toBeNull();

    // The first login, in the outbox to the address given: the username and where to set a password.
    const mails = await sql<{ channel: string; address: string; body: string; subject: string }>`
      select channel, address, body, subject from delivery_messages where address = ${email}`.execute(
      t.store.db,
    );
    expect(mails.rows).toHaveLength(1);
    // In the account's language (decision 0107): this one is Finnish.
    expect(mails.rows[0]).toMatchObject({ channel: 'email', subject: 'Emberwatch-tilisi' });
    expect(mails.rows[0]!.body).toContain(username);
    expect(mails.rows[0]!.body).toContain('/login/recover');

    // The trail has the write, for the new customer, with what was made; no password anywhere.
    const entry = await newestAudit('registerUser');
    expect(entry).toMatchObject({
      kind: 'write',
      path: '/admin/registerUser',
      status: 200,
      customer: { uid: answer.U_ID, username },
      input: { username, email },
      changes: [{ subject: 'customer account', before: null, after: { U_ID: answer.U_ID, username, email } }],
    });
    expect(JSON.stringify(entry)).not.toContain(user.password_hash);

    // Until the owner sets one, no password logs in.
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username, password: user.password_hash },
    });
    expect(noPassword.statusCode).not.toBe(200);
    // The owner follows the e-mail: a code to this address, then a password of their own.
    expect(
      (await t.app.inject({ method: 'GET', url: `/client/getPasswordCodeByUsername?username=${username}` }))
        .statusCode,
    ).toBe(200);
    const codeMail = await sql<{ body: string }>`
      select body from delivery_messages where address = ${email} order by id desc`.execute(t.store.db);
    const code = /\b(\d{4})\b/.exec(codeMail.rows[0]!.body)?.[1];
    expect(code).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/client/resetPassword',
      payload: { username, code, newPassword: 'my-own-pass-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username, password: 'my-own-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);

    const listed = await list(`/admin/getusers?q=${encodeURIComponent(username)}`);
    expect(listed.results[0]).toMatchObject({ U_ID: answer.U_ID, planName: 'Free', stations: 0 });
  });

  it('refuses a taken username, bad input, Sales and customers, creating nothing', async () => {
    const before = await userCount();
    const taken = await post('/admin/registerUser', {
      username: 'HAY@demo.emberwatch',
      email: 'x@example.test',
      firstname: 'X',
      country: 'fi',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'username exists' });
    for (const body of [
      { username: 'ok-name', email: 'not-an-address', firstname: 'X', country: 'fi' },
      { username: '_bad', email: 'x@example.test', firstname: 'X', country: 'fi' },
      { username: 'ok-name', email: 'x@example.test', country: 'fi' },
      { username: 'ok-name', email: 'x@example.test', firstname: 'X', country: 'Finland' },
      { username: 'ok-name', email: 'x@example.test', firstname: 'X', country: 'fi', password: 'secret' },
    ]) {
      const res = await post('/admin/registerUser', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    await asStaffLevel(t, SALES, async () => {
      const res = await post('/admin/registerUser', {
        username: 'sales-made',
        email: 'x@example.test',
        firstname: 'X',
        country: 'fi',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Only Root, Admin and Tech staff register customers.' });
    });
    const byCustomer = await post(
      '/admin/registerUser',
      { username: 'hay-made', email: 'x@example.test', firstname: 'X', country: 'fi' },
      'hay',
    );
    expect(byCustomer.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });
});
