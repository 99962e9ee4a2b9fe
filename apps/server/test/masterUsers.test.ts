import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountMastersResponse } from '@emberwatch/shared/contracts/masterAccess';
import type {
  ActivateMasterPhoneResponse,
  RegistrationStatus,
} from '@emberwatch/shared/contracts/masterUsers';
import type { MasterUserInfo } from '@emberwatch/shared/contracts/account';
import { REGISTRATION_TTL_S, RESEND_MIN_S } from '@emberwatch/shared/domain/masterUsers/masterRegistration';
import { masterUsersDb } from '../src/features/master-users/masterUsers.tables.js';
import { deliveryOf } from './support/deliveryHelpers.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const codeIn = (text: string | undefined) => /\b(\d{4})\b/.exec(text ?? '')?.[1] ?? '';
const PASSWORD = 'ember-demo';

const details = (over: object = {}) => ({
  username: 'advisor.anna',
  name: 'Anna Advisor',
  company: 'Grain Co-op',
  email: 'anna@example.com',
  password: 'secret-5',
  phone: '+358 40 111 2233',
  language: 'fi',
  ...over,
});

// Issue 32 item 1 (decision 0104): an advisor registers a master account on /master, confirms the
// phone by SMS code, finalises and logs in; then keeps its own account, and farms invite and withdraw it.
describe(`master users on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};
  const post = (url: string, payload: object, who?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: who ? bearer(tokens[who]!) : {} });
  const get = (url: string, who: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/admin/login', payload: { username, password } });
  const db = () => masterUsersDb(t.store.db);
  const registrations = () => db().selectFrom('master_registrations').selectAll().execute();

  /** The newest SMS to a number, after the outbox's worker has sent it. */
  async function smsCode(to: string): Promise<string> {
    await deliveryOf(t).pump();
    const sms = t.standIns.sms.messages().filter((m) => m.to === to);
    return codeIn(sms.at(-1)?.body);
  }

  /** A whole registration, finalised: answers the new master's token. */
  async function registered(over: { username: string; phone: string }): Promise<string> {
    const reg = await post('/client/registerMasterUser', details(over));
    expect(reg.statusCode, reg.body).toBe(200);
    const { registration } = reg.json<RegistrationStatus>();
    expect((await post('/client/activateMasterPhone', { registration })).statusCode).toBe(200);
    const code = await smsCode(over.phone.replace(/ /g, ''));
    expect((await post('/client/confirmMasterMobile', { registration, code })).statusCode).toBe(200);
    expect((await post('/client/finalizeMasterUser', { registration })).statusCode).toBe(200);
    const res = await login(over.username, 'secret-5');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ accessToken: string }>().accessToken;
  }

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    for (const u of ['hay', 'grain', 'admin', 'master', 'hay-helper']) {
      const res = await login(`${u}@demo.emberwatch`, PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      tokens[u] = res.json<{ accessToken: string }>().accessToken;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses bad details with the spec’s words and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ username: 'ab' }, 'username_too_short'],
      [{ username: 'x'.repeat(51) }, 'username_err'],
      [{ password: '1234' }, 'pwd_too_short'],
      [{ phone: '+358 401' }, 'phone_too_short'],
      [{ email: 'not-an-email' }, 'invalid_email'],
      [{ name: '' }, 'The name is required'],
    ];
    for (const [over, words] of cases) {
      const res = await post('/client/registerMasterUser', details(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.body).toContain(words);
    }
    expect(await registrations()).toEqual([]);
  });

  it('registers, confirms the phone by SMS code, finalises, and only then lets the master log in', async () => {
    const reg = await post('/client/registerMasterUser', details());
    expect(reg.statusCode, reg.body).toBe(200);
    const status = reg.json<RegistrationStatus>();
    expect(status).toMatchObject({
      state: 'registered',
      phone: '+358401112233',
      expiresTs: clock + REGISTRATION_TTL_S,
    });
    const { registration } = status;
    // The secret is stored as a hash only, and the registration is no user: no login yet.
    const [row] = await registrations();
    expect(row?.token_hash).not.toContain(registration);
    expect((await login('advisor.anna', 'secret-5')).statusCode).toBe(401);
    expect(await t.findUser('advisor.anna')).toBeUndefined();

    // The username is held, by users and by running registrations alike (case ignored).
    const taken = await post('/client/registerMasterUser', details({ username: 'HAY@demo.emberwatch' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'username exists' });
    expect((await post('/client/registerMasterUser', details({ username: 'Advisor.Anna' }))).statusCode).toBe(
      409,
    );

    // Out of order: no code yet, not confirmed yet.
    const early = await post('/client/confirmMasterMobile', { registration, code: '1234' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ status_code: 2 });
    const unconfirmed = await post('/client/finalizeMasterUser', { registration });
    expect(unconfirmed.statusCode).toBe(409);

    const sent = await post('/client/activateMasterPhone', { registration });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ActivateMasterPhoneResponse>()).toMatchObject({ state: 'codeSent', resent: false });
    const first = await smsCode('+358401112233');
    expect(first).toMatch(/^\d{4}$/);
    // Sending again at once waits (Retry-After); after the pause it goes, and says "again".
    const soon = await post('/client/activateMasterPhone', { registration });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    clock += RESEND_MIN_S;
    const again = await post('/client/activateMasterPhone', { registration });
    expect(again.json<ActivateMasterPhoneResponse>()).toMatchObject({ resent: true });
    const code = await smsCode('+358401112233');
    const stored = (await registrations())[0]!;
    // A SHA-256 digest, and the code in clear in no column (a digest's hex holds any 4 digits by chance,
    // about once in a thousand runs, so it is not searched for them).
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(stored)).not.toContain(code);
    expect(Object.values(stored)).not.toContain(Number(code));

    const wrong = await post('/client/confirmMasterMobile', {
      registration,
      code: code === '0000' ? '0001' : '0000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status_code: 2, error: 'Confirmation code is wrong' });
    expect((await post('/client/confirmMasterMobile', { registration, code: '12a4' })).statusCode).toBe(400);
    const ok = await post('/client/confirmMasterMobile', { registration, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<RegistrationStatus>().state).toBe('phoneConfirmed');
    // Confirmed already: status 13, which the page treats as success.
    const twice = await post('/client/confirmMasterMobile', { registration, code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ status_code: 13 });
    expect((await login('advisor.anna', 'secret-5')).statusCode).toBe(401);

    const fin = await post('/client/finalizeMasterUser', { registration });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toMatchObject({ status_code: 0, username: 'advisor.anna' });
    const user = await t.findUser('advisor.anna');
    expect(user).toMatchObject({
      master: 1,
      grand_master: 0,
      firstname: 'Anna Advisor',
      lastname: 'Grain Co-op',
      phone: '+358401112233',
      language: 'fi',
    });
    expect(await registrations()).toEqual([]);
    // Finalised once: the secret names nothing any more.
    expect((await post('/client/finalizeMasterUser', { registration })).statusCode).toBe(410);

    const res = await login('advisor.anna', 'secret-5');
    expect(res.statusCode, res.body).toBe(200);
    tokens.anna = res.json<{ accessToken: string }>().accessToken;
    const session = await get('/client/getSessionInfo', 'anna');
    expect(session.json()).toMatchObject({ master: true });
  });

  it('gives up after five wrong codes', async () => {
    const reg = await post(
      '/client/registerMasterUser',
      details({ username: 'advisor.wrong', phone: '+358 40 111 0001' }),
    );
    const { registration } = reg.json<RegistrationStatus>();
    await post('/client/activateMasterPhone', { registration });
    const code = await smsCode('+358401110001');
    const other = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < 5; i++)
      expect((await post('/client/confirmMasterMobile', { registration, code: other })).json()).toMatchObject(
        { error: 'Confirmation code is wrong' },
      );
    const locked = await post('/client/confirmMasterMobile', { registration, code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({
      status_code: 2,
      error: 'Too many wrong codes. Please ask for a new one.',
    });
  });

  it('lets the master edit its own details, and nobody else', async () => {
    const res = await post(
      '/client/saveMasterUser',
      { firstname: 'Anna A.', lastname: '', email: 'anna@coop.example', country: 'FI' },
      'anna',
    );
    expect(res.statusCode, res.body).toBe(200);
    const info = (await get('/client/getMasterUserInfo', 'anna')).json<{ master: MasterUserInfo }>().master;
    expect(info).toMatchObject({
      firstname: 'Anna A.',
      lastname: null,
      email: 'anna@coop.example',
      country: 'fi',
    });
    expect((await post('/client/saveMasterUser', { email: 'bad' }, 'anna')).statusCode).toBe(400);
    expect((await post('/client/saveMasterUser', {}, 'anna')).statusCode).toBe(400);
    // The phone is the one its code confirmed: not a field of this call.
    expect((await post('/client/saveMasterUser', { phone: '+358401234567' }, 'anna')).statusCode).toBe(400);
    for (const who of ['hay', 'hay-helper', 'admin']) {
      const refused = await post('/client/saveMasterUser', { firstname: 'X' }, who);
      expect(refused.statusCode, who).toBe(403);
    }
    expect((await t.findUser('hay@demo.emberwatch'))!.firstname).not.toBe('X');
  });

  it('lets a farm find a master by username, invite, grant, list and withdraw him', async () => {
    const found = await get('/client/getMasterUserByUsername?username=ADVISOR.anna', 'hay');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      master: { username: 'advisor.anna', name: 'Anna A.', grandMaster: false },
    });
    // Not a master (a farm's username) reads like no user at all.
    expect(
      (await get('/client/getMasterUserByUsername?username=grain@demo.emberwatch', 'hay')).statusCode,
    ).toBe(404);
    expect((await get('/client/getMasterUserByUsername?username=nobody.here', 'hay')).statusCode).toBe(404);
    const hayUid = (await t.findUser('hay@demo.emberwatch'))!.id;
    // The farm hand, and the demo advisor the farm authorised, may not (a master only looks).
    for (const who of ['hay-helper', 'master', 'grain'])
      expect(
        (await get(`/client/getMasterUserByUsername?username=advisor.anna&UID=${hayUid}`, who)).statusCode,
        who,
      ).toBe(403);

    const invited = await post('/client/inviteMasterUser', { username: 'advisor.anna' }, 'hay');
    expect(invited.statusCode, invited.body).toBe(200);
    const id = invited.json<{ id: number }>().id;
    // Inviting again is the same request.
    expect(
      (await post('/client/inviteMasterUser', { username: 'advisor.anna' }, 'hay')).json(),
    ).toMatchObject({ id });
    expect(
      (await post('/client/inviteMasterUser', { username: 'advisor.anna' }, 'hay-helper')).statusCode,
    ).toBe(403);
    let list = (await get('/client/getAccountMasters', 'hay')).json<AccountMastersResponse>().masters;
    expect(list.find((m) => m.id === id)).toMatchObject({
      username: 'advisor.anna',
      authorized: false,
      since: clock,
    });
    // Not granted yet: the master cannot see the farm.
    const hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    expect((await get(`/client/userInfo?UID=${hayId}`, 'anna')).statusCode).toBe(403);
    expect((await post('/client/authorizeMasterUsers', { authMasters: [id] }, 'hay')).statusCode).toBe(200);
    expect((await get(`/client/userInfo?UID=${hayId}`, 'anna')).statusCode).toBe(200);
    list = (await get('/client/getAccountMasters', 'hay')).json<AccountMastersResponse>().masters;
    expect(list.find((m) => m.id === id)).toMatchObject({ authorized: true });
    // The master's own page lists the farm.
    const info = (await get('/client/getMasterUserInfo', 'anna')).json<{ master: MasterUserInfo }>().master;
    expect(info.accounts).toEqual([expect.objectContaining({ UID: hayId, authorized: true })]);

    // Another farm cannot read or withdraw hay's masters; an unknown id is refused alike.
    expect((await get(`/client/getAccountMasters?UID=${hayId}`, 'grain')).statusCode).toBe(403);
    expect((await post('/client/withdrawMasterUsers', { masters: [id] }, 'grain')).statusCode).toBe(403);
    expect((await post('/client/withdrawMasterUsers', { masters: [id, 999_999] }, 'hay')).statusCode).toBe(
      403,
    );
    expect((await get(`/client/userInfo?UID=${hayId}`, 'anna')).statusCode).toBe(200);
    // The admin acting for the farm reads its list.
    expect((await get(`/client/getAccountMasters?UID=${hayId}`, 'admin')).statusCode).toBe(200);

    expect((await post('/client/withdrawMasterUsers', { masters: [id] }, 'hay')).statusCode).toBe(200);
    expect((await get(`/client/userInfo?UID=${hayId}`, 'anna')).statusCode).toBe(403);
    list = (await get('/client/getAccountMasters', 'hay')).json<AccountMastersResponse>().masters;
    expect(list.find((m) => m.id === id)).toBeUndefined();
  });

  it('lets the master stop watching a farm', async () => {
    const hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
    const id = (await post('/client/inviteMasterUser', { username: 'advisor.anna' }, 'hay')).json<{
      id: number;
    }>().id;
    await post('/client/authorizeMasterUsers', { authMasters: [id] }, 'hay');
    expect((await post('/client/stopWatchingAccount', { UID: hayId }, 'hay')).statusCode).toBe(403);
    const grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    // A farm it does not watch is refused like another's.
    expect((await post('/client/stopWatchingAccount', { UID: grainId }, 'anna')).statusCode).toBe(403);
    expect((await post('/client/stopWatchingAccount', { UID: hayId }, 'anna')).statusCode).toBe(200);
    expect((await get(`/client/userInfo?UID=${hayId}`, 'anna')).statusCode).toBe(403);
    const list = (await get('/client/getAccountMasters', 'hay')).json<AccountMastersResponse>().masters;
    expect(list.map((m) => m.username)).not.toContain('advisor.anna');
  });

  it('deletes the master’s account with its password: its authorisations go, its sessions end', async () => {
    const token = await registered({ username: 'advisor.bo', phone: '+358 40 111 0003' });
    tokens.bo = token;
    const id = (await post('/client/inviteMasterUser', { username: 'advisor.bo' }, 'hay')).json<{
      id: number;
    }>().id;
    await post('/client/authorizeMasterUsers', { authMasters: [id] }, 'hay');
    // Others may not; a wrong password changes nothing.
    expect((await post('/client/removeMasterUser', { password: PASSWORD }, 'hay')).statusCode).toBe(403);
    const wrong = await post('/client/removeMasterUser', { password: 'not-it' }, 'bo');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'The password is incorrect.' });
    expect(await t.findUser('advisor.bo')).toBeDefined();

    const removed = await post('/client/removeMasterUser', { password: 'secret-5' }, 'bo');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.findUser('advisor.bo')).toBeUndefined();
    expect((await login('advisor.bo', 'secret-5')).statusCode).toBe(401);
    expect((await get('/client/getMasterUserInfo', 'bo')).statusCode).toBe(401);
    const list = (await get('/client/getAccountMasters', 'hay')).json<AccountMastersResponse>().masters;
    expect(list.map((m) => m.username)).not.toContain('advisor.bo');
  });

  it('paces the codes to one number over every registration', async () => {
    const phone = '+358 40 111 0009';
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const reg = await post('/client/registerMasterUser', details({ username: `advisor.spam${i}`, phone }));
      const { registration } = reg.json<RegistrationStatus>();
      last = (await post('/client/activateMasterPhone', { registration })).statusCode;
      if (i < 5) expect(last).toBe(200);
    }
    expect(last).toBe(429);
  });
  it('takes twenty registrations an hour from one address', async () => {
    const from = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/client/registerMasterUser',
        remoteAddress: '203.0.113.7',
        payload: details({ username: `advisor.office${i}`, phone: `+358 40 222 ${String(1000 + i)}` }),
      });
    for (let i = 0; i < 20; i++) expect((await from(i)).statusCode, String(i)).toBe(200);
    const refused = await from(20);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await registrations()).map((r) => r.username)).not.toContain('advisor.office20');
    // Another address is not held up.
    expect(
      (await post('/client/registerMasterUser', details({ username: 'advisor.elsewhere' }))).statusCode,
    ).toBe(200);
  });

  it('forgets an unfinished registration after a day: its secret is refused, its username free again', async () => {
    const reg = await post(
      '/client/registerMasterUser',
      details({ username: 'advisor.late', phone: '+358 40 111 0002' }),
    );
    const { registration } = reg.json<RegistrationStatus>();
    clock += REGISTRATION_TTL_S;
    for (const [url, body] of [
      ['/client/activateMasterPhone', { registration }],
      ['/client/confirmMasterMobile', { registration, code: '1234' }],
      ['/client/finalizeMasterUser', { registration }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(410);
      expect(res.json()).toMatchObject({ error: 'This registration has expired. Please start again.' });
    }
    // An unknown secret reads the same.
    expect((await post('/client/finalizeMasterUser', { registration: 'A'.repeat(43) })).statusCode).toBe(410);
    const job = t.jobs.find((j) => j.name === 'masterUsers.forgetExpiredRegistrations')!;
    await job.run();
    expect((await registrations()).map((r) => r.username)).not.toContain('advisor.late');
    const anew = await post(
      '/client/registerMasterUser',
      details({ username: 'advisor.late', phone: '+358 40 111 0002' }),
    );
    expect(anew.statusCode, anew.body).toBe(200);
  });
});
