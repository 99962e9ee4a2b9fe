import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '@emberwatch/shared/contracts/batches';
import { pdfText } from '../../../scripts/lib/pdfText.mjs';
import { serverTextCatalog } from '../src/features/translations/index.js';
import {
  deliveryOf,
  evaluatorOf,
  mailText,
  monitoredStorageWithMessaging,
} from './support/deliveryHelpers.js';
import { api, ingest } from './support/probeHelpers.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const BS = 'F1000001';
const HAY = 'hay@demo.emberwatch';
const PUBLIC_URL = 'http://emberwatch.test';
const REPEAT_S = 30 * 60;

/**
 * Decision 0107: the server's own texts come from the translations table, so what a translator saves
 * in the editor words the next alert and the next report, without a restart.
 */
describe(`a translator's save words the server's next messages, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let clock = Math.floor(Date.now() / 1000);
  const t0 = clock - 3600;
  let probes: string[];

  const relogin = async () => {
    call = api(t, {
      hay: await t.login(HAY),
      compost: await t.login('compost@demo.emberwatch'),
      admin: await t.login('admin@demo.emberwatch'),
    });
  };
  /** The root admin saves a text in the editor (POST /admin/updateTranslations, by key). */
  const translate = async (locale: string, key: string, text: string) => {
    const res = await call.post('admin', '/admin/updateTranslations', { locale, data: { key, text } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const settle = async () => {
    await evaluatorOf(t).idle();
    await deliveryOf(t).pump();
  };

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock, env: { PUBLIC_URL, DELIVERY_MAX_REPEATS: '2' } });
    await relogin();
    ({ probes } = await monitoredStorageWithMessaging(t, call, 'hay', HAY, BS));
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the next alert SMS and e-mail with the saved text', async () => {
    await translate(
      'en',
      'serverAlerts.alert.above',
      'HEAT in {storage}: {where} at {temp} (limit {limit}).',
    );
    await translate('en', 'serverAlerts.alert.subjectRaise', 'HEAT alarm, {storage}');
    const p = probes[0]!;
    await ingest(t, BS, [
      { sensor_id: p, meas_ts: t0, temperatures: [500, 500, 500] },
      { sensor_id: p, meas_ts: t0 + 600, temperatures: [500, 650, 500] },
    ]);
    await settle();
    const sms = t.standIns.sms.messages();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^HEAT in .+: probe .+, depth 2 at 65\.0 °C \(limit 60\.0 °C\)\./);
    const mails = t.standIns.smtp.mails();
    expect(mails).toHaveLength(1);
    const mail = mailText(mails[0]!.raw);
    expect(mail).toMatch(/Subject: HEAT alarm, /);
    expect(mail).toContain('HEAT in ');
  });

  it('takes a save made between two messages at the next one, and skips a text that lost a placeholder', async () => {
    await translate(
      'en',
      'serverAlerts.alert.above',
      'STILL HOT in {storage}: {where} at {temp}, limit {limit}.',
    );
    // "{n}" is gone: an alert must not go out without its reminder's number, so the bundled text words it.
    await translate('en', 'serverAlerts.alert.reminder', 'Reminder');
    clock += REPEAT_S;
    await relogin();
    await settle();
    const sms = t.standIns.sms.messages();
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toMatch(/^Reminder 1: STILL HOT in /);
  });

  it('writes the next sanitisation report with the saved text', async () => {
    const res = await call.post('compost', '/client/saveBatch', {
      batch: { BS_ID: 'F3000001', batch_name: 'Tunnel 9', probes: ['C30011'], method: 'inVessel' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const batchId = res.json<BatchResponse>().result.batch_id;
    const report = async () => {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/client/batchReportPdf?batch_id=${batchId}&lang=de`,
        headers: bearer(await t.login('compost@demo.emberwatch')),
      });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      return pdfText(pdf.rawPayload);
    };
    expect(await report()).toContain('Hygienisierungsbericht');
    await translate('de', 'serverReports.title', 'Hygienisierungsnachweis');
    const after = await report();
    expect(after).toContain('Hygienisierungsnachweis');
    expect(after).not.toContain('Hygienisierungsbericht');
  });
});

describe(`the server text catalog's cache, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    admin = await t.login('admin@demo.emberwatch');
  });
  afterAll(async () => {
    await t.close();
  });

  const translate = async (locale: string, key: string, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/updateTranslations',
      headers: bearer(admin),
      payload: { locale, data: { key, text } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('reads the rows once while nothing changes, and again after a save', async () => {
    const catalog = serverTextCatalog({ store: t.store, nowS: () => clock });
    clock += 60;
    const first = await catalog.texts();
    expect(await catalog.texts()).toBe(first);
    expect(await catalog.text('fi', 'serverInvoices.invoice')).toBe('Lasku');
    expect(catalog.loads).toBe(1);

    clock += 60;
    await translate('fi', 'serverInvoices.invoice', 'Kauppalasku');
    expect(await catalog.text('fi', 'serverInvoices.invoice')).toBe('Kauppalasku');
    expect(catalog.loads).toBe(2);
  });

  it('sees a save made in the very second it read the rows', async () => {
    const catalog = serverTextCatalog({ store: t.store, nowS: () => clock });
    clock += 60;
    await translate('fi', 'serverInvoices.due', 'Eräpäivä viimeistään');
    expect(await catalog.text('fi', 'serverInvoices.due')).toBe('Eräpäivä viimeistään');
    // Same second, same row count, same newest time: the mark alone cannot tell, so the catalog reads
    // again while the newest row is that young.
    await translate('fi', 'serverInvoices.total', 'Summa yhteensä');
    expect(await catalog.text('fi', 'serverInvoices.total')).toBe('Summa yhteensä');
    clock += 60;
    const loads = catalog.loads;
    await catalog.texts();
    await catalog.texts();
    expect(catalog.loads).toBe(loads + 1);
  });
});
