import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTranslationsResponse } from '@emberwatch/shared/contracts/translations';
import type { Verification } from '@emberwatch/shared/contracts/verification';
import { pdfText } from '../../../scripts/lib/pdfText.mjs';
import { api, ingest } from './support/probeHelpers.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Probe verification (issue 33 item 4; spec doc 2 §4; decisions 0113–0115): start, one ongoing per
 * probe, data, end with the result or cancel without data, delete only when ended, who may, and the
 * signed report whose check fails for a changed file.
 */
describe(`probe verification on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let now: number;
  let start: number;
  // H10001 reads 0.5 °C above the reference H10002, both every 15 minutes, 20 s apart.
  const series = (id: string, offset: number, shift: number) =>
    Array.from({ length: 20 }, (_, i) => ({
      sensor_id: id,
      meas_ts: start + 60 + i * 900 + shift,
      temperatures: [300 + i + offset * 10], // tenths of °C
    }));

  beforeAll(async () => {
    t = await createTestApp();
    now = t.kernel.nowS();
    start = now - 6 * 3600;
    const tokens: Record<string, string> = {};
    for (const u of ['hay', 'hay-helper', 'grain', 'master', 'admin', 'visitor'])
      tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    await ingest(t, 'F1000001', [...series('H10001', 0.5, 0), ...series('H10002', 0, 20)]);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (over: object = {}) => ({
    BS_ID: 'F1000001',
    probeID: 'H10001',
    verifixID: 'H10002',
    verifixBS: 'F1000001',
    startDate: start,
    ...over,
  });
  const list = async (who = 'hay', probe = 'H10001') =>
    (await call.get(who, `/client/getVerifications?probeID=${probe}`)).json<{ results: Verification[] }>()
      .results;
  const count = async () =>
    (
      await t.store.db
        .selectFrom('verifications' as never)
        .selectAll()
        .execute()
    ).length;

  it.each([
    ['the same probe as reference', { verifixID: 'H10001' }, 'verifixID'],
    ['the probe on another station', { BS_ID: 'F1000002' }, 'BS_ID'],
    ['the reference on another station than named', { verifixBS: 'F1000002' }, 'verifixBS'],
    ['a start in the future', { startIn: 3600 }, 'cannot be in the future'],
    ['a start over 30 days back', { startIn: -31 * 86_400 }, 'at most 30 days back'],
  ])('refuses %s with a 400 and stores nothing', async (_name, over, field) => {
    // The start is relative to the server's clock, read when the test runs.
    const { startIn, ...rest } = over as { startIn?: number };
    const res = await call.post(
      'hay',
      '/client/startVerification',
      body(startIn === undefined ? rest : { ...rest, startDate: now + startIn }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    expect(await count()).toBe(0);
  });

  it.each([
    ['another account', 'grain', 403],
    ['a master who only looks', 'master', 403],
    ['the demo visitor', 'visitor', 403],
  ])('refuses a start by %s', async (_name, who, status) => {
    expect((await call.post(who, '/client/startVerification', body())).statusCode).toBe(status);
    expect(await count()).toBe(0);
  });

  it('refuses a reference probe of another account', async () => {
    const grainProbe = (
      await t.store.db
        .selectFrom('probes')
        .select('sensor_id')
        .where('bs_id', 'like', 'G%')
        .executeTakeFirst()
    )?.sensor_id;
    const res = await call.post('hay', '/client/startVerification', body({ verifixID: grainProbe ?? 'X1' }));
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  let item: Verification;
  it('starts one, and only one ongoing per probe', async () => {
    const res = await call.post('hay-helper', '/client/startVerification', body());
    expect(res.statusCode).toBe(200);
    item = res.json<{ result: Verification }>().result;
    expect(item).toMatchObject({ probeID: 'H10001', verifixID: 'H10002', endDate: null, result: null });
    const again = await call.post('hay', '/client/startVerification', body());
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('ongoing');
    expect(await list('master')).toHaveLength(1);
  });

  it('answers both probes’ readings and the result so far', async () => {
    const res = await call.get('hay', `/client/verifixData?verificationID=${item.itemID}`);
    expect(res.statusCode).toBe(200);
    const d = res.json<{ data1: unknown[]; data2: unknown[]; result: { pairs: number; meanDiff: number } }>();
    expect(d.data1).toHaveLength(20);
    expect(d.data2).toHaveLength(20);
    expect(d.result).toMatchObject({ pairs: 20, meanDiff: 0.5, correction: -0.5 });
    expect((await call.get('grain', `/client/verifixData?verificationID=${item.itemID}`)).statusCode).toBe(
      404,
    );
  });

  it('does not delete an ongoing one, nor a sub-user an ended one', async () => {
    const res = await call.post('hay', '/client/deleteVerification', { itemID: item.itemID });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(1);
  });

  it('ends it with its result', async () => {
    expect((await call.post('master', '/client/stopVerification', { itemID: item.itemID })).statusCode).toBe(
      403,
    );
    const res = await call.post('hay', '/client/stopVerification', { itemID: item.itemID });
    expect(res.statusCode).toBe(200);
    const r = res.json<{ outcome: string; result: Verification }>();
    expect(r.outcome).toBe('ended');
    expect(r.result.endDate).not.toBeNull();
    expect(r.result.calibration).toBe(0.5);
    expect(r.result.result).toMatchObject({ pairs: 20, meanDiff: 0.5, sdDiff: 0 });
  });

  it('writes a signed report that checks, and a changed one that does not', async () => {
    const res = await call.get('hay', `/client/verificationReportPdf?itemID=${item.itemID}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/H10001_verification_report_\d{4}-\d{2}-\d{2}\.pdf/);
    const file = res.rawPayload;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const check = async (b: Buffer) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/client/checkVerificationReport',
          payload: { pdf: b.toString('base64') },
        })
      ).json<{ valid: boolean; reason: string | null; report: { itemID: number } | null }>();
    const good = await check(file);
    expect(good).toMatchObject({ valid: true, reason: null, report: { itemID: item.itemID } });

    const changed = Buffer.from(file);
    const at = changed.indexOf('Probe verification report');
    changed[at + 1] = 'R'.charCodeAt(0);
    expect(await check(changed)).toMatchObject({ valid: false, reason: 'changed' });
    const unsigned = file.subarray(0, file.lastIndexOf('\n%EMBERWATCH-SIGNATURE'));
    expect(await check(unsigned)).toMatchObject({ valid: false, reason: 'unsigned' });
    // A changed signature (its first character, whatever it is) fails too.
    const forged = Buffer.from(file);
    const sigAt = forged.lastIndexOf('ed25519=') + 'ed25519='.length;
    forged[sigAt] = forged[sigAt] === 'A'.charCodeAt(0) ? 'B'.charCodeAt(0) : 'A'.charCodeAt(0);
    expect(await check(forged)).toMatchObject({ valid: false, reason: 'badSignature' });

    const key = await t.app.inject({ method: 'GET', url: '/client/verificationPublicKey' });
    expect(key.json()).toMatchObject({ algorithm: 'Ed25519' });
    expect(key.body).not.toContain('PRIVATE');
    expect((await call.get('grain', `/client/verificationReportPdf?itemID=${item.itemID}`)).statusCode).toBe(
      404,
    );
  });

  it("words the report in the language asked for, else the reader's, in the reader's formats (0107)", async () => {
    const text = async (query = '') => {
      const res = await call.get('hay', `/client/verificationReportPdf?itemID=${item.itemID}${query}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return pdfText(res.rawPayload);
    };
    const english = await text();
    expect(english).toContain('Probe verification report');
    expect(english).toContain('Mean difference');
    expect(english).toContain('+0.50 °C');
    // The reader's date format (d.M.yyyy by default), not a fixed one.
    expect(english).toMatch(/\b\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}\b/);
    expect(english).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    const german = await text('&lang=de');
    expect(german).toContain('Prüfbericht der Sondenverifizierung');
    expect(german).toContain('Mittlere Abweichung');
    expect(german).toContain('Referenzsonde');
    expect(german).not.toContain('Mean difference');

    // A difference converts by 9/5 only.
    const finnish = await text('&lang=fi&unit=F');
    expect(finnish).toContain('Anturin todentamisraportti');
    expect(finnish).toContain('Keskimääräinen ero');
    expect(finnish).toContain('+0.90 °F');

    // The reader's own language when the web names none; the translators' editor lists the words.
    expect((await call.post('hay', '/client/uiPrefs', { prefs: { language: 'de' } })).statusCode).toBe(200);
    expect(await text()).toContain('Prüfbericht der Sondenverifizierung');
    const editor = await call.get('admin', '/admin/getAdminTranslations?locale=fi');
    const rows = editor.json<AdminTranslationsResponse>().results;
    expect(rows.find((r) => r.key === 'serverReports.verification.meanDiff')?.text).toBe(
      'Keskimääräinen ero',
    );
  });

  it('lets the owner delete an ended one, not a sub-user', async () => {
    expect(
      (await call.post('hay-helper', '/client/deleteVerification', { itemID: item.itemID })).statusCode,
    ).toBe(403);
    expect((await call.post('hay', '/client/deleteVerification', { itemID: item.itemID })).statusCode).toBe(
      200,
    );
    expect(await list()).toHaveLength(0);
  });

  it('cancels and deletes an ongoing one without paired readings', async () => {
    const res = await call.post(
      'hay',
      '/client/startVerification',
      body({ probeID: 'H10003', startDate: undefined }),
    );
    expect(res.statusCode).toBe(200);
    const id = res.json<{ result: Verification }>().result.itemID;
    const stop = await call.post('hay', '/client/stopVerification', { itemID: id });
    expect(stop.json()).toMatchObject({ outcome: 'cancelled', result: null });
    expect(await list('hay', 'H10003')).toHaveLength(0);
  });

  it('needs the Insight service to start, not to read', async () => {
    await t.store.db
      .updateTable('users')
      .set({ service_json: null })
      .where('username', '=', 'hay@demo.emberwatch')
      .execute();
    const res = await call.post('hay', '/client/startVerification', body());
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Insight');
    expect((await call.get('hay', '/client/getVerifications?probeID=H10001')).statusCode).toBe(200);
    expect((await call.post('admin', '/client/startVerification', body())).statusCode).toBe(200);
  });
});
