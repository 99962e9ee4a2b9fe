import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsDataResponse } from '@emberwatch/shared/contracts/account';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HAY_PHONE = '+12025550101';

async function sent(t: TestApp, admin: string, to: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/admin/getSMSData?to=${encodeURIComponent(to)}&limit=50`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SmsDataResponse>().results;
}

const codeIn = (text: string | undefined) => /\b(\d{4})\b/.exec(text ?? '')?.[1] ?? '';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
const post = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

/** The hay farm confirms its phone, so that it can get codes. */
async function confirmHayPhone(t: TestApp, hay: string, admin: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/client/changeUserPhone',
    headers: bearer(hay),
    payload: { newPhone: HAY_PHONE },
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = codeIn((await sent(t, admin, HAY_PHONE))[0]?.text);
  const ok = await t.app.inject({
    method: 'POST',
    url: '/admin/confirmMobile',
    headers: bearer(hay),
    payload: { code },
  });
  expect(ok.statusCode, ok.body).toBe(200);
}

describe(`forgotten password and username on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@demo.emberwatch');
    await confirmHayPhone(t, await t.login('hay@demo.emberwatch'), admin);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a reset code to the confirmed phone, and answers the same for a name that has none', async () => {
    const before = (await sent(t, admin, HAY_PHONE)).length;
    const known = await get(t, '/client/getPasswordCodeByUsername?username=hay%40demo.emberwatch');
    const unknown = await get(t, '/client/getPasswordCodeByUsername?username=nobody%40example.com');
    // grain's phone was never confirmed: no code goes to it either.
    const unconfirmed = await get(t, '/client/getPasswordCodeByUsername?username=grain%40demo.emberwatch');
    for (const res of [known, unknown, unconfirmed]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.body);
    }
    const texts = await sent(t, admin, HAY_PHONE);
    expect(texts).toHaveLength(before + 1);
    expect(texts[0]).toMatchObject({ purpose: 'password' });
    expect(await sent(t, admin, '+12025550102')).toHaveLength(0);
  });

  it('refuses a wrong code and an unknown name alike (status 2), and changes nothing', async () => {
    const code = codeIn((await sent(t, admin, HAY_PHONE))[0]?.text);
    const wrong = code === '0000' ? '0001' : '0000';
    const a = await post(t, '/client/resetPassword', {
      username: 'hay@demo.emberwatch',
      code: wrong,
      newPassword: 'new-hay-pass',
    });
    const b = await post(t, '/client/resetPassword', {
      username: 'nobody@example.com',
      code,
      newPassword: 'new-hay-pass',
    });
    expect(a.statusCode).toBe(400);
    expect(a.body).toBe(b.body);
    expect(a.json()).toMatchObject({ status_code: 2 });
    const short = await post(t, '/client/resetPassword', {
      username: 'hay@demo.emberwatch',
      code,
      newPassword: 'abcd',
    });
    expect(short.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/login',
          payload: { username: 'hay@demo.emberwatch', password: 'ember-demo' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('sets the new password with the right code, once, and ends the old sessions', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: 'hay@demo.emberwatch', password: 'ember-demo' },
    });
    const cookie = login.cookies.find((k) => k.name === 'ew_refresh')?.value ?? '';
    const code = codeIn((await sent(t, admin, HAY_PHONE))[0]?.text);
    const body = { username: 'hay@demo.emberwatch', code, newPassword: 'new-hay-pass' };
    const ok = await post(t, '/client/resetPassword', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await post(t, '/client/resetPassword', { ...body, newPassword: 'other-pass' })).json(),
    ).toMatchObject({
      status_code: 2,
    });
    const login2 = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/login',
          payload: { username: 'hay@demo.emberwatch', password },
        })
      ).statusCode;
    expect(await login2('new-hay-pass')).toBe(200);
    expect(await login2('ember-demo')).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/admin/refreshToken',
      cookies: { ew_refresh: cookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('mails the code to an account without a confirmed phone, and the code sets the password', async () => {
    const res = await get(t, '/client/getPasswordCodeByUsername?username=compost%40demo.emberwatch');
    expect(res.statusCode, res.body).toBe(200);
    const all = await t.app.inject({
      method: 'GET',
      url: '/admin/getSMSData?limit=50',
      headers: bearer(admin),
    });
    const mailed = all.json<SmsDataResponse>().results.find((r) => r.to === 'compost@example.com');
    expect(mailed).toMatchObject({ purpose: 'password' });
    // It goes out through the delivery outbox as an e-mail, not as a text to the unconfirmed number.
    const outbox = await t.store.db
      .withTables<DeliveryTables>()
      .selectFrom('delivery_messages')
      .select(['channel', 'address', 'kind'])
      .where('address', '=', 'compost@example.com')
      .execute();
    expect(outbox).toEqual([{ channel: 'email', address: 'compost@example.com', kind: 'code' }]);
    const ok = await post(t, '/client/resetPassword', {
      username: 'compost@demo.emberwatch',
      code: codeIn(mailed?.text),
      newPassword: 'new-compost-pass',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { username: 'compost@demo.emberwatch', password: 'new-compost-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sends the usernames of a confirmed phone to it, and nothing for another number', async () => {
    const res = await get(t, `/client/getUsernameSMS?phone=${encodeURIComponent('+1 202 555 0101')}`);
    expect(res.statusCode, res.body).toBe(200);
    const last = (await sent(t, admin, HAY_PHONE))[0];
    expect(last?.purpose).toBe('username');
    expect(last?.text).toContain('hay@demo.emberwatch');
    const other = await get(t, '/client/getUsernameSMS?phone=%2B12025550102');
    expect(other.body).toBe(res.body);
    expect(await sent(t, admin, '+12025550102')).toHaveLength(0);
    expect((await get(t, '/client/getUsernameSMS?phone=123')).statusCode).toBe(400);
  });

  it('mails the usernames of an e-mail address to it, whatever its letter case, and nothing for another', async () => {
    const res = await get(t, `/client/getUsernameEmail?email=${encodeURIComponent('Compost@Example.com')}`);
    expect(res.statusCode, res.body).toBe(200);
    const all = await t.app.inject({
      method: 'GET',
      url: '/admin/getSMSData?limit=50',
      headers: bearer(admin),
    });
    const mailed = all
      .json<SmsDataResponse>()
      .results.find((r) => r.to === 'compost@example.com' && r.purpose === 'username');
    expect(mailed?.text).toContain('compost@demo.emberwatch');
    const outbox = await t.store.db
      .withTables<DeliveryTables>()
      .selectFrom('delivery_messages')
      .select(['channel', 'kind'])
      .where('address', '=', 'compost@example.com')
      .where('subject', '=', 'Your Emberwatch username')
      .execute();
    expect(outbox).toEqual([{ channel: 'email', kind: 'code' }]);
    const other = await get(t, '/client/getUsernameEmail?email=nobody%40example.com');
    expect(other.body).toBe(res.body);
    const after = await t.app.inject({
      method: 'GET',
      url: '/admin/getSMSData?limit=50',
      headers: bearer(admin),
    });
    expect(after.json<SmsDataResponse>().results.filter((r) => r.to === 'nobody@example.com')).toEqual([]);
    expect((await get(t, '/client/getUsernameEmail?email=not-an-address')).statusCode).toBe(400);
  });
});

describe(`recovery limits on ${TEST_ENGINE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('paces one name after 5 requests an hour, known or not, and one address after 20', async () => {
    for (const name of ['hay%40demo.emberwatch', 'nobody%40example.com']) {
      for (let i = 0; i < 5; i++)
        expect((await get(t, `/client/getPasswordCodeByUsername?username=${name}`)).statusCode).toBe(200);
      const paced = await get(t, `/client/getPasswordCodeByUsername?username=${name}`);
      expect(paced.statusCode).toBe(429);
      expect(Number(paced.headers['retry-after'])).toBeGreaterThan(0);
    }
    // 10 counted so far from this address: 10 more names pass, the next one waits.
    for (let i = 0; i < 10; i++)
      expect((await get(t, `/client/getPasswordCodeByUsername?username=someone-${i}`)).statusCode).toBe(200);
    expect((await get(t, '/client/getPasswordCodeByUsername?username=someone-else')).statusCode).toBe(429);
  });
});

describe(`a password code over time on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let admin: string;
  let clock = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    admin = await t.login('admin@demo.emberwatch');
    await confirmHayPhone(t, await t.login('hay@demo.emberwatch'), admin);
  });
  afterAll(async () => {
    await t.close();
  });

  it('expires after ten minutes (spec doc 2 §5 codes), and a new one works', async () => {
    const ask = () => get(t, '/client/getPasswordCodeByUsername?username=hay%40demo.emberwatch');
    expect((await ask()).statusCode).toBe(200);
    const stale = codeIn((await sent(t, admin, HAY_PHONE)).find((r) => r.purpose === 'password')?.text);
    clock += 601;
    const late = await post(t, '/client/resetPassword', {
      username: 'hay@demo.emberwatch',
      code: stale,
      newPassword: 'too-late-pass',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ status_code: 2 });
    expect((await ask()).statusCode).toBe(200);
    const fresh = codeIn((await sent(t, admin, HAY_PHONE)).find((r) => r.purpose === 'password')?.text);
    const ok = await post(t, '/client/resetPassword', {
      username: 'hay@demo.emberwatch',
      code: fresh,
      newPassword: 'in-time-pass',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
