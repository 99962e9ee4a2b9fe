import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOICE_TEST_DAILY_CAP,
  VOICE_TEST_INTERVAL_S,
  VOICE_TEST_REFUSAL,
  type VoiceTestCallResponse,
} from '@emberwatch/shared/contracts/alertChannels';
import { recordConfirmedPhone } from '../src/features/account/index.js';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const USERS = ['hay', 'grain', 'visitor', 'admin'] as const;

/**
 * POST /voice/testCall (spec doc 1 §7; decision 0120) on both stores: a test call to the caller's own
 * confirmed number through the outbox's voice channel (here the local provider stand-in), refused
 * with its reason when voice is off, the phone unconfirmed, the account the demo's, or too soon.
 */
describe(`the voice test call on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let now = Math.floor(Date.now() / 1000);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => now });
    const tokens: Record<string, string> = {};
    for (const u of USERS) {
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
      ids[u] = (await t.findUser(`${u}@demo.emberwatch`))!.id;
    }
    call = api(t, tokens);
    // Staff switch an account's voice calls on (decision 0072): the hay farm's.
    const on = await call.post('admin', '/admin/setVoiceCalls', { UID: ids.hay!, voiceCallEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(() => t.close());

  const testCall = (who: string) => call.post(who, '/voice/testCall', {});
  const calls = () => t.standIns.sms.messages().filter((m) => m.kind === 'voice');

  it('refuses an unconfirmed phone with its code, and places no call', async () => {
    const res = await testCall('hay');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ status_code: number }>().status_code).toBe(VOICE_TEST_REFUSAL.noConfirmedPhone);
    expect(calls()).toEqual([]);
  });

  it('calls the confirmed number from the caller number of the country, and says so', async () => {
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    await recordConfirmedPhone(t.store.db, hay.id, hay.phone!, now);
    const res = await testCall('hay');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<VoiceTestCallResponse>();
    expect(body).toMatchObject({
      status_code: 0,
      status: 'sent',
      error: null,
      leftToday: VOICE_TEST_DAILY_CAP - 1,
    });
    // Masked: the country prefix and the last 3 digits only.
    expect(body.to).toBe('+120•••••101');
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({ to: '+12025550101', messageId: String(body.messageId) });
    expect(calls()[0]!.body).toContain('This is a test call from Emberwatch');
  });

  it('refuses a second call within 2 minutes with Retry-After', async () => {
    const res = await testCall('hay');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ status_code: number }>().status_code).toBe(VOICE_TEST_REFUSAL.tooSoon);
    expect(Number(res.headers['retry-after'])).toBe(VOICE_TEST_INTERVAL_S);
    expect(calls()).toHaveLength(1);
  });

  it('stops at the daily cap of the account, counted from the outbox', async () => {
    for (let i = 1; i < VOICE_TEST_DAILY_CAP; i++) {
      now += VOICE_TEST_INTERVAL_S;
      expect((await testCall('hay')).statusCode).toBe(200);
    }
    now += VOICE_TEST_INTERVAL_S;
    const res = await testCall('hay');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ status_code: number }>().status_code).toBe(VOICE_TEST_REFUSAL.dailyCap);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(calls()).toHaveLength(VOICE_TEST_DAILY_CAP);
  });

  it('refuses when the account has no voice calls, even with a confirmed phone', async () => {
    const grain = (await t.findUser('grain@demo.emberwatch'))!;
    expect(grain.voice_call_enabled).toBe(0);
    expect(grain.phone).not.toBeNull();
    await recordConfirmedPhone(t.store.db, grain.id, grain.phone!, now);
    const res = await testCall('grain');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ status_code: number }>().status_code).toBe(VOICE_TEST_REFUSAL.voiceOff);
  });

  it('refuses the public demo login', async () => {
    const res = await testCall('visitor');
    expect(res.statusCode).toBe(403);
    expect(res.json<{ status_code: number }>().status_code).toBe(VOICE_TEST_REFUSAL.demo);
  });

  it('takes no number from the request', async () => {
    const res = await call.post('hay', '/voice/testCall', { to: '+15555550100' });
    expect(res.statusCode).toBe(400);
  });
});
