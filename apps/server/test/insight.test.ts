import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import type { Service, UserInfoResponse } from '@emberwatch/shared/contracts/users';
import { emptySurvey, type SurveyAnswers } from '@emberwatch/shared/domain/insight/surveyAnswers';
import { api } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const DAY = 86400;

const answers = (over: Partial<SurveyAnswers> = {}): SurveyAnswers => ({
  ...emptySurvey(),
  activityType: 'livestock',
  hayType: 'bales',
  yearlyCuts: 2,
  balesPerYear: 5000,
  balesType: 'square',
  balesWeight: 400,
  storageTime: [5, 11],
  storagesNumber: 2,
  storages: [
    { id: 1, name: 'North barn', type: 'warehouse', capacity: 4000, size: null, undefinedLayoutType: true },
    { id: 2, name: 'Yard', type: 'tarp_covered', capacity: 800, size: 120, undefinedLayoutType: true },
  ],
  ...over,
});

/** Spec doc 1 §2, §4, §5, §7, §9 (Insight); decision 0051. */
describe(`Insight onboarding on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let grainId: number;
  let compostId: number;
  let hayId: number;
  const nowS = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Record<string, string> = {};
    for (const u of ['grain', 'compost', 'hay', 'hay-helper', 'master', 'admin'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    grainId = (await t.findUser('grain@demo.emberwatch'))!.id;
    compostId = (await t.findUser('compost@demo.emberwatch'))!.id;
    hayId = (await t.findUser('hay@demo.emberwatch'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const serviceOf = async (who: string, uid?: number): Promise<Service | null> =>
    (await call.get(who, `/client/userInfo${uid ? `?UID=${uid}` : ''}`)).json<UserInfoResponse>().userinfo
      .service;
  const storageCount = async (who: string) =>
    (await call.get(who, '/client/getStorages')).json<GetStoragesResponse>().results.length;

  it('tells the trial length, 1 day by default (spec doc 1 §9)', async () => {
    const res = await call.get('grain', '/client/getInsightTrialTime');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status_code: 0, trialDays: 1 });
  });

  it('refuses the migration without accepted terms, for others and for read-only users, changing nothing', async () => {
    const cases: [string, object, number][] = [
      ['grain', {}, 400],
      ['grain', { termsAccepted: false }, 400],
      ['grain', { termsAccepted: 'yes' }, 400],
      ['compost', { UID: grainId, termsAccepted: true }, 403],
      ['master', { UID: compostId, termsAccepted: true }, 403],
      ['hay-helper', { termsAccepted: true }, 403],
    ];
    for (const [who, body, status] of cases) {
      const res = await call.post(who, '/admin/insightMigration', body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    expect((await call.post('grain', '/admin/insightMigration', {})).json<{ error: string }>().error).toMatch(
      /accept the terms/,
    );
    expect(await serviceOf('grain')).toBeNull();
  });

  it('makes the owner an Insight user: service plan 2, trial 1, trialDays long, the old plan kept', async () => {
    const before = nowS();
    const res = await call.post('grain', '/admin/insightMigration', { termsAccepted: true });
    expect(res.statusCode, res.body).toBe(200);
    const service = res.json<{ service: Service }>().service;
    expect(service).toMatchObject({ plan: 2, trial: 1, surveyCompleted: false });
    expect(service.expDate).toBeGreaterThanOrEqual(before + DAY);
    expect(service.expDate).toBeLessThanOrEqual(nowS() + DAY);
    expect(service.nextPayment).toEqual({ date: service.expDate, type: 'trial' });
    expect(service.oldPlans).toEqual([
      expect.objectContaining({ planName: 'Grain Supervisor', planLevel: 4 }),
    ]);
    expect(await serviceOf('grain')).toEqual(service);
    // Accepting again starts no second trial.
    const again = await call.post('grain', '/admin/insightMigration', { termsAccepted: true });
    expect(again.json<{ service: Service }>().service).toEqual(service);
  });

  it('keeps an old premium plan’s (level 3) date when it ends after the trial (spec doc 1 §9)', async () => {
    const due = nowS() + 90 * DAY;
    await t.store.db
      .updateTable('users')
      .set({ plan_level: 3, plan_name: 'Premium', plan_due_ts: due })
      .where('id', '=', compostId)
      .execute();
    const res = await call.post('admin', '/admin/insightMigration', { UID: compostId, termsAccepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ service: Service }>().service).toMatchObject({ trial: 1, expDate: due });
  });

  it('saves complete survey answers only, for the owner; read-only users read them', async () => {
    expect((await call.get('grain', '/client/getInsightSurvey')).json()).toEqual({
      status_code: 1,
      data: null,
    });
    const refused: [string, object, number][] = [
      ['grain', { answers: answers({ activityType: null }) }, 400],
      ['grain', { answers: answers({ yearlyCuts: 0 }) }, 400],
      ['grain', { answers: answers({ yearlyCuts: 9 }) }, 400],
      ['grain', { answers: answers({ balesWeight: 1050 }) }, 400],
      ['grain', { answers: answers({ storageTime: [6, 6] }) }, 400],
      ['grain', { answers: answers({ storagesNumber: 3 }) }, 400],
      ['grain', { answers: answers({ balesPerYear: 3000 }) }, 400], // a storage of 4000 > the volume
      ['grain', { answers: { ...answers(), extra: 1 } }, 400],
      ['hay', { UID: grainId, answers: answers() }, 403],
      ['hay-helper', { answers: answers() }, 403],
    ];
    for (const [who, body, status] of refused) {
      const res = await call.post(who, '/client/saveInsightSurvey', body);
      expect(res.statusCode, `${who} ${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
    }
    expect((await call.get('grain', '/client/getInsightSurvey')).json()).toEqual({
      status_code: 1,
      data: null,
    });

    const res = await call.post('grain', '/client/saveInsightSurvey', {
      answers: answers(),
      fromWelcomePage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ service: Service }>().service.surveyCompleted).toBe(true);
    expect((await serviceOf('grain'))?.surveyCompleted).toBe(true);
    expect((await call.get('grain', '/client/getInsightSurvey')).json()).toEqual({
      status_code: 0,
      data: answers(),
    });
    expect((await call.get('admin', `/client/getInsightSurvey?UID=${grainId}`)).json()).toMatchObject({
      status_code: 0,
    });
    expect((await call.get('compost', `/client/getInsightSurvey?UID=${grainId}`)).statusCode).toBe(403);

    // Edited later from the account area: saved, still completed.
    const edited = answers({ yearlyCuts: -1 });
    expect((await call.post('grain', '/client/saveInsightSurvey', { answers: edited })).statusCode).toBe(200);
    expect((await call.get('grain', '/client/getInsightSurvey')).json()).toEqual({
      status_code: 0,
      data: edited,
    });
  });

  it('refuses a survey of an account without the Insight service', async () => {
    const res = await call.post('admin', '/client/saveInsightSurvey', { UID: hayId, answers: answers() });
    // The demo hay farm has the service: the admin may save for it.
    expect(res.statusCode, res.body).toBe(200);
    await call.post('admin', '/admin/setInsight', { UID: hayId, service: null });
    const refused = await call.post('hay', '/client/saveInsightSurvey', { answers: answers() });
    expect(refused.statusCode).toBe(400);
    expect(
      (await call.post('hay', '/client/saveInsightStorages', { storages: answers().storages })).statusCode,
    ).toBe(400);
  });

  it('makes each survey storage a storage once, with capacities up to the survey volume', async () => {
    const before = await storageCount('grain');
    const bad: [object, number][] = [
      [{ storages: [] }, 400],
      [{ storages: [{ ...answers().storages[0], type: null }] }, 400],
      [{ storages: [{ ...answers().storages[0], name: ' ' }] }, 400],
      [{ storages: [{ ...answers().storages[0], capacity: 5001 }] }, 400],
      [{ storages: [answers().storages[0], answers().storages[0]] }, 400],
      [{ storages: [{ ...answers().storages[0], type: 'cellar' }] }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await call.post('grain', '/client/saveInsightStorages', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    expect(await storageCount('grain')).toBe(before);
    expect(
      (await call.post('hay-helper', '/client/saveInsightStorages', { storages: answers().storages }))
        .statusCode,
    ).toBe(403);

    const first = await call.post('grain', '/client/saveInsightStorages', {
      storages: answers().storages,
      locale: 'fi',
    });
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json<{ storages: { id: number; itemID: number | null }[] }>().storages;
    expect(made.map((s) => s.id)).toEqual([1, 2]);
    expect(made.every((s) => typeof s.itemID === 'number')).toBe(true);
    const list = (await call.get('grain', '/client/getStorages')).json<GetStoragesResponse>().results;
    expect(list.filter((s) => made.some((m) => m.itemID === s.itemID))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'North barn',
          type: 'warehouse',
          capacity: 4000,
          undefinedLayoutType: true,
        }),
        expect.objectContaining({ name: 'Yard', type: 'tarp_covered', capacity: 800 }),
      ]),
    );
    // Sent again (a second Finish, another tab): nothing new.
    const again = await call.post('grain', '/client/saveInsightStorages', { storages: answers().storages });
    expect(again.json<{ storages: unknown }>().storages).toEqual(made);
    expect(await storageCount('grain')).toBe(before + 2);
  });

  it('lets only admins hold, start trials, set the trial length and set the service', async () => {
    const refused: [string, string, object][] = [
      ['grain', '/admin/insightHold', { UID: grainId }],
      ['grain', '/admin/insightFreemiumTrial', { trialDays: 30 }],
      ['master', '/admin/setInsight', { UID: compostId, service: null }],
    ];
    for (const [who, url, body] of refused) expect((await call.post(who, url, body)).statusCode).toBe(403);
    for (const body of [{ trialDays: 0 }, { trialDays: 366 }, { trialDays: 1.5 }])
      expect((await call.post('admin', '/admin/insightFreemiumTrial', body)).statusCode).toBe(400);
    expect(
      (await call.post('admin', '/admin/setInsight', { UID: grainId, service: { plan: 2 } })).statusCode,
    ).toBe(400);
    expect((await serviceOf('grain'))?.trial).toBe(1);

    const held = await call.post('admin', '/admin/insightHold', { UID: grainId });
    expect(held.json<{ service: Service }>().service.trial).toBe(-1);
    expect((await serviceOf('grain'))?.trial).toBe(-1);

    expect((await call.post('admin', '/admin/insightFreemiumTrial', { trialDays: 14 })).statusCode).toBe(200);
    expect((await call.get('grain', '/client/getInsightTrialTime')).json()).toEqual({
      status_code: 0,
      trialDays: 14,
    });
    const trial = await call.post('admin', '/admin/insightFreemiumTrial', { UID: grainId, trialDays: 14 });
    const service = trial.json<{ service: Service }>().service;
    expect(service.trial).toBe(1);
    expect(service.expDate).toBeGreaterThanOrEqual(nowS() - 5 + 14 * DAY);
    expect(service.surveyCompleted).toBe(true);

    const set = await call.post('admin', '/admin/setInsight', {
      UID: grainId,
      service: {
        plan: 2,
        trial: 0,
        started: 1,
        period: 12,
        expDate: nowS() + 300 * DAY,
        surveyCompleted: true,
      },
    });
    expect(set.json<{ service: Service }>().service).toMatchObject({ trial: 0, period: 12 });
    expect((await call.post('admin', '/admin/setInsight', { UID: grainId, service: null })).statusCode).toBe(
      200,
    );
    expect(await serviceOf('grain')).toBeNull();
  });

  it('hands the owner a one-time migration key and the app URL once admins turn the migration on', async () => {
    expect((await call.post('grain', '/testMigrationCall', {})).json()).toMatchObject({
      status_code: 1,
      key: null,
    });
    expect(
      (await call.post('grain', '/setMigrationOn', { on: true, url: 'https://app.example.com/in' }))
        .statusCode,
    ).toBe(403);
    expect((await call.get('grain', '/getMigrationCount')).statusCode).toBe(403);
    expect(
      (await call.post('admin', '/setMigrationOn', { on: true, url: 'javascript:alert(1)' })).statusCode,
    ).toBe(400);
    const on = await call.post('admin', '/setMigrationOn', { on: true, url: 'https://app.example.com/in' });
    expect(on.json()).toEqual({ status_code: 0, on: true, url: 'https://app.example.com/in', count: 0 });

    expect((await call.post('hay-helper', '/testMigrationCall', {})).statusCode).toBe(403);
    expect((await call.post('compost', '/testMigrationCall', { UID: grainId })).statusCode).toBe(403);
    const res = await call.post('grain', '/testMigrationCall', {});
    expect(res.statusCode, res.body).toBe(200);
    const { key, url } = res.json<{ key: string; url: string }>();
    expect(url).toBe('https://app.example.com/in');
    expect(key).toMatch(/^[\w-]{43}$/);
    const stored = await t.store.db
      .selectFrom('insight_migrations' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(key);
    expect((await call.get('admin', '/getMigrationCount')).json()).toMatchObject({ on: true, count: 1 });
  });
});
