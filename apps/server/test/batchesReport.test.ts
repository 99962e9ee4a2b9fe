import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '@emberwatch/shared/contracts/batches';
import { formatDateTimeIn } from '@emberwatch/shared/domain/formatDateTimeIn';
import { pdfText } from '../../../scripts/lib/pdfText.mjs';
import { api, ingest, type TestReading } from './support/probeHelpers.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const H = 3600;
const STATION = 'F3000001';
const PROBES = ['C30011', 'C30012'];

describe(`the sanitisation report PDF on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  const tokens: Record<string, string> = {};
  const start = Math.floor(Date.now() / 1000);
  let clock = start;
  let batchId: number;

  const pdf = (who: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/client/batchReportPdf?${query}`,
      headers: bearer(tokens[who] as string),
    });

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => clock });
    for (const u of ['compost', 'hay']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
    call = api(t, tokens);
    const res = await call.post('compost', '/client/saveBatch', {
      batch: { BS_ID: STATION, batch_name: 'Tunnel 2 — März', probes: PROBES, method: 'inVessel' },
    });
    expect(res.statusCode, res.body).toBe(200);
    batchId = res.json<BatchResponse>().result.batch_id;
    // Four days of a tunnel at 58–62 °C at every depth, hourly.
    clock = start + 100 * H;
    const readings: TestReading[] = PROBES.flatMap((sensor_id) =>
      Array.from({ length: 98 }, (_, i) => ({
        sensor_id,
        meas_ts: start + (i + 1) * H,
        temperatures: [580, 620, 600],
      })),
    );
    await ingest(t, STATION, readings);
    for (const u of ['compost', 'hay']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a real PDF download whose text carries the title, the batch and the verdict', async () => {
    const res = await pdf('compost', `batch_id=${batchId}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sanitisation-Tunnel-2-Marz-${batchId}.pdf"`,
    );
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(bytes);
    expect(text).toContain('Sanitisation report');
    expect(text).toContain('Tunnel 2 — März');
    expect(text).toContain('PROVEN');
    expect(text).not.toContain('NOT PROVEN');
    expect(text).toContain('US EPA PFRP');
    // The requirement in the reader's unit: 55 °C.
    expect(text).toContain('55.0 °C or more for 3 days');
  });

  it('speaks the language and unit asked for, with every letter of it', async () => {
    const de = pdfText((await pdf('compost', `batch_id=${batchId}&lang=de&unit=F`)).rawPayload);
    expect(de).toContain('Hygienisierungsbericht');
    expect(de).toContain('NACHGEWIESEN');
    expect(de).toContain('131.0 °F oder mehr über 3 Tage');
    const hr = pdfText((await pdf('compost', `batch_id=${batchId}&lang=hr`)).rawPayload);
    expect(hr).toContain('Izvješće o higijenizaciji');
    expect(hr).toContain('DOKAZANO');
  });

  it('says not proven when the standard asks for more', async () => {
    const text = pdfText((await pdf('compost', `batch_id=${batchId}&standard=pas100`)).rawPayload);
    expect(text).toContain('NOT PROVEN');
    expect(text).toContain('BSI PAS 100:2011');
    expect(text).toContain('moisture content of at least 50 %');
  });

  // Issue 28: the batch page and its PDF gave start times an hour apart (decision 0079).
  it('writes its times in the reader’s date and time formats, on the batch’s station’s clock', async () => {
    const data = await call.get('compost', `/client/getSanitisationReport?batch_id=${batchId}`);
    expect(data.statusCode, data.body).toBe(200);
    const { from, to } = data.json<{ result: { from: number; to: number } }>().result;
    const prefs = await call.post('compost', '/client/uiPrefs', {
      prefs: { date_format: 'dd/MM/yyyy', time_format: 'hh:mm a' },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    /** The PDF's "Data" line: the readings' first and last time and their zone. */
    const dataLine = (zone: string) =>
      `${formatDateTimeIn(from, 'dd/MM/yyyy', 'hh:mm a', zone)} – ${formatDateTimeIn(to, 'dd/MM/yyyy', 'hh:mm a', zone)} (${zone})`;
    try {
      expect(formatDateTimeIn(from, 'dd/MM/yyyy', 'hh:mm a', 'UTC')).toMatch(
        /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/,
      );
      // F3000001, the windrows' station, is on Amsterdam's clock; the viewer's zone does not move it.
      const text = pdfText((await pdf('compost', `batch_id=${batchId}&tz=America/Chicago`)).rawPayload);
      expect(text).toContain(dataLine('Europe/Amsterdam'));

      // A station without a zone: the viewer's, else UTC.
      await t.store.db
        .updateTable('base_stations')
        .set({ timezone: null })
        .where('id', '=', STATION)
        .execute();
      const chicago = pdfText((await pdf('compost', `batch_id=${batchId}&tz=America/Chicago`)).rawPayload);
      expect(chicago).toContain(dataLine('America/Chicago'));
      const utc = pdfText((await pdf('compost', `batch_id=${batchId}&tz=Not/AZone`)).rawPayload);
      expect(utc).toContain(dataLine('UTC'));
    } finally {
      await t.store.db
        .updateTable('base_stations')
        .set({ timezone: 'Europe/Amsterdam' })
        .where('id', '=', STATION)
        .execute();
      await call.post('compost', '/client/uiPrefs', {
        prefs: { date_format: 'd.M.yyyy', time_format: 'HH:mm' },
      });
    }
  });

  it('refuses callers who may not see the batch, and bad queries', async () => {
    expect((await pdf('hay', `batch_id=${batchId}`)).statusCode).toBe(403);
    expect((await pdf('compost', 'batch_id=abc')).statusCode).toBe(400);
    expect((await pdf('compost', `batch_id=${batchId}&lang=sv`)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/client/batchReportPdf?batch_id=${batchId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
