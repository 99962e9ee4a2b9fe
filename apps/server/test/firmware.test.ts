import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FirmwareChunkResponse,
  FirmwareImage,
  OtaForBsResponse,
  OtaStation,
  OtaStatusResponse,
} from '@emberwatch/shared/contracts/firmware';
import type { AuditEntry } from '@emberwatch/shared/contracts/audit';
import type { IngestResponse } from '@emberwatch/shared/contracts/ingest';
import { MAX_FIRMWARE_CHUNK_BYTES } from '@emberwatch/shared/domain/firmware';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';
import { clockedCallers } from './support/clockedCallers.js';

/**
 * Issue 30 item 4 (decision 0093): firmware images, a station's update as the operator sees and
 * assigns it, and the station's round: the offer in its packet's answer, the chunked fetch with its
 * checksum, the new revision in its next packet ending the update, a failure reported and logged.
 */
const BS = 'F1000001'; // the demo hay station, firmware 3.2
const OTHER = 'F2000001';
const START = Math.floor(Date.now() / 1000);
/** Spans three chunks, the last one short. */
const IMAGE = randomBytes(2 * MAX_FIRMWARE_CHUNK_BYTES + 1234);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe(`firmware updates on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let now = START;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  // Tokens last 15 minutes on the server's clock, which the tests move: a new login after each move.
  const { get, post, tokenOf } = clockedCallers(
    () => t,
    () => now,
  );
  const stationHeaders = (bsId = BS) => ({ authorization: `Station ${bsId}:${t.secretOf(bsId)}` });
  async function packet(body: object, bsId = BS): Promise<IngestResponse> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { ...stationHeaders(bsId), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IngestResponse>();
  }
  const chunk = (rev: string, offset: number, bsId = BS, headers = stationHeaders(bsId)) =>
    t.app.inject({ method: 'GET', url: `/ingest/v1/firmware?rev=${rev}&offset=${offset}`, headers });
  async function forBs(bsId = BS): Promise<OtaForBsResponse> {
    const res = await get(`/admin/getOTAForBS?bs=${bsId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OtaForBsResponse>();
  }
  async function status(bsId = BS): Promise<OtaStatusResponse> {
    const res = await get(`/admin/getOTAStatus?bs=${bsId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OtaStatusResponse>();
  }
  /** The console's list, without the stations' names (the demo's). */
  const stationsListed = async () =>
    (await get('/admin/otaStations'))
      .json<{ results: OtaStation[] }>()
      .results.map(({ display_name: _name, ...rest }) => rest);
  const addImage = (rev: string, data: Buffer, who = 'admin', notes = '') =>
    post('/admin/addFirmwareImage', { rev, notes, data: data.toString('base64') }, who);

  it('adds images: size and checksum computed, a revision once, a malformed one refused', async () => {
    const res = await addImage('3.3', IMAGE, 'admin', 'Faster boot');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ image: FirmwareImage }>().image).toEqual({
      rev: '3.3',
      size: IMAGE.length,
      sha256: sha(IMAGE),
      notes: 'Faster boot',
      added_ts: START,
      added_by: 'admin@demo.emberwatch',
    });
    expect((await addImage('3.2', Buffer.from('the running one'))).statusCode).toBe(200);
    expect((await addImage('3.10', Buffer.from('later'))).statusCode).toBe(200);
    expect((await addImage('3.3', Buffer.from('again'))).statusCode).toBe(409);
    expect((await addImage('three', Buffer.from('x'))).statusCode).toBe(400);
    expect((await post('/admin/addFirmwareImage', { rev: '3.5', data: '%%%' })).statusCode).toBe(400);
    const list = (await get('/admin/firmwareImages')).json<{ results: FirmwareImage[] }>().results;
    // By the numbers: 3.10 after 3.3.
    expect(list.map((i) => i.rev)).toEqual(['3.10', '3.3', '3.2']);
    expect(JSON.stringify(list)).not.toContain(IMAGE.toString('base64').slice(0, 40));
  });

  it('shows a station its revision, the others to take, no pending update and an empty log', async () => {
    const ota = await forBs();
    expect(ota.rev).toBe('3.2');
    expect(ota.otas.map((i) => i.rev)).toEqual(['3.10', '3.3']);
    expect(ota.pending).toBeNull();
    expect(ota.log).toEqual([]);
    expect(await status()).toMatchObject({ status_code: 1, pending: null, last: null });
    expect((await get('/admin/getOTAForBS?bs=Z9999999')).statusCode).toBe(404);
    expect((await get('/admin/getOTAStatus?bs=Z9999999')).statusCode).toBe(404);
  });

  it('refuses an assignment of the current revision, an unknown one, a stale old_rev or an unknown station', async () => {
    const refused: [object, number, string?][] = [
      [{ bs: BS, rev: '3.2', old_rev: '3.2' }, 409, 'already runs'],
      [{ bs: BS, rev: '3.9', old_rev: '3.2' }, 404],
      [{ bs: BS, rev: '3.3', old_rev: '3.1' }, 409, 'has changed'],
      [{ bs: BS, rev: '3.3', old_rev: null }, 409, 'has changed'],
      [{ bs: 'Z9999999', rev: '3.3', old_rev: null }, 404],
      [{ bs: BS, rev: '', old_rev: '3.2' }, 400],
    ];
    for (const [body, code, text] of refused) {
      const res = await post('/admin/saveOTAForBS', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code);
      if (text) expect(res.json<{ error: string }>().error).toContain(text);
    }
    expect((await forBs()).pending).toBeNull();
  });

  it('plays the station’s round: pending in the answer, the chunks with the checksum, the new revision ends it', async () => {
    now = START + 60;
    const res = await post('/admin/saveOTAForBS', { bs: BS, rev: '3.3', old_rev: '3.2' });
    expect(res.statusCode, res.body).toBe(200);
    const pending = { rev: '3.3', from_rev: '3.2', assigned_ts: START + 60, by: 'admin@demo.emberwatch' };
    expect(res.json()).toEqual({ status_code: 0, pending });
    // One is pending: a second assignment is refused, whatever it names.
    const again = await post('/admin/saveOTAForBS', { bs: BS, rev: '3.10', old_rev: '3.2' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('already pending');
    expect(await status()).toMatchObject({ status_code: 0, rev: '3.2', pending });

    // The station learns of it with its next call, whatever the kind; another station does not.
    const answer = await packet({ type: 'data', readings: [] });
    expect(answer.ota).toEqual({
      rev: '3.3',
      size: IMAGE.length,
      sha256: sha(IMAGE),
      chunk: MAX_FIRMWARE_CHUNK_BYTES,
      path: '/ingest/v1/firmware',
    });
    expect((await packet({ type: 'data', readings: [] }, OTHER)).ota).toBeUndefined();

    // It fetches the image in chunks and checks the whole against the checksum.
    const parts: Buffer[] = [];
    for (let offset = 0; offset < answer.ota!.size; offset += answer.ota!.chunk) {
      const c = await chunk('3.3', offset);
      expect(c.statusCode, c.body).toBe(200);
      const body = c.json<FirmwareChunkResponse>();
      expect(body).toMatchObject({ rev: '3.3', offset, size: IMAGE.length, sha256: sha(IMAGE) });
      parts.push(Buffer.from(body.data, 'base64'));
    }
    expect(parts.map((p) => p.length)).toEqual([MAX_FIRMWARE_CHUNK_BYTES, MAX_FIRMWARE_CHUNK_BYTES, 1234]);
    expect(sha(Buffer.concat(parts))).toBe(sha(IMAGE));
    // Past the end: nothing more.
    expect((await chunk('3.3', IMAGE.length)).json<FirmwareChunkResponse>().data).toBe('');
    // Only its own pending image, only with its credential.
    expect((await chunk('3.10', 0)).statusCode).toBe(404);
    expect((await chunk('3.3', 0, OTHER)).statusCode).toBe(404);
    expect((await chunk('3.3', 0, BS, { authorization: `Station ${BS}:${'x'.repeat(43)}` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/ingest/v1/firmware?rev=3.3&offset=0',
          headers: bearer(await tokenOf('admin')),
        })
      ).statusCode,
    ).toBe(401);

    // It boots the new image and says so: the update is done, in the answer to that very packet.
    now = START + 600;
    const boot = await packet({ type: 'boot', firmware: '3.3' });
    expect(boot.ota).toBeUndefined();
    const after = await status();
    expect(after).toEqual({
      status_code: 1,
      rev: '3.3',
      pending: null,
      last: { from: '3.2', to: '3.3', date: START + 600, result: 'done', reason: null, by: null },
    });
    const ota = await forBs();
    expect(ota.rev).toBe('3.3');
    expect(ota.otas.map((i) => i.rev)).toEqual(['3.10', '3.2']);
    expect(ota.log).toHaveLength(1);
    expect((await chunk('3.3', 0)).statusCode).toBe(404);
  });

  it('logs a failure the station reports, with its reason, and lists the station as failed', async () => {
    now = START + 1200;
    expect((await post('/admin/saveOTAForBS', { bs: BS, rev: '3.10', old_rev: '3.3' })).statusCode).toBe(200);
    expect(await stationsListed()).toEqual([
      {
        bs_id: BS,
        rev: '3.3',
        state: 'pending',
        to: '3.10',
        ts: START + 1200,
        reason: null,
      },
    ]);
    expect((await packet({ type: 'data', readings: [] })).ota?.rev).toBe('3.10');
    const report = (body: object, bsId = BS) =>
      t.app.inject({
        method: 'POST',
        url: '/ingest/v1/firmware/report',
        headers: stationHeaders(bsId),
        payload: body,
      });
    // Not another station's update, not another revision, nothing malformed.
    expect((await report({ rev: '3.10', result: 'failed', reason: 'x' }, OTHER)).statusCode).toBe(404);
    expect((await report({ rev: '3.3', result: 'failed', reason: 'x' })).statusCode).toBe(404);
    expect((await report({ rev: '3.10', result: 'failed', reason: '' })).statusCode).toBe(400);
    now = START + 1300;
    const res = await report({ rev: '3.10', result: 'failed', reason: 'checksum mismatch' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await packet({ type: 'data', readings: [] })).ota).toBeUndefined();
    expect(await status()).toMatchObject({
      status_code: 1,
      rev: '3.3',
      last: { from: '3.3', to: '3.10', date: START + 1300, result: 'failed', reason: 'checksum mismatch' },
    });
    expect(await stationsListed()).toEqual([
      {
        bs_id: BS,
        rev: '3.3',
        state: 'failed',
        to: '3.10',
        ts: START + 1300,
        reason: 'checksum mismatch',
      },
    ]);
  });

  it('cancels a pending update (logged with who), and refuses to cancel none', async () => {
    now = START + 1800;
    expect((await post('/admin/saveOTAForBS', { bs: BS, rev: '3.2', old_rev: '3.3' })).statusCode).toBe(200);
    const res = await post('/admin/cancelPendingOTA', { bs: BS });
    expect(res.statusCode, res.body).toBe(200);
    expect((await packet({ type: 'data', readings: [] })).ota).toBeUndefined();
    const ota = await forBs();
    expect(ota.pending).toBeNull();
    expect(ota.log.map((e) => [e.to, e.result, e.by])).toEqual([
      ['3.2', 'cancelled', 'admin@demo.emberwatch'],
      ['3.10', 'failed', null],
      ['3.3', 'done', null],
    ]);
    expect((await post('/admin/cancelPendingOTA', { bs: BS })).statusCode).toBe(404);
    // The trail says whose station and which update was cancelled.
    const trail = (await get('/admin/auditLog?call=cancelPendingOTA')).json<{ entries: AuditEntry[] }>();
    const cancelled = trail.entries.find((e) => e.status === 200)!;
    expect(cancelled).toMatchObject({ bsId: BS, customer: { username: 'hay@demo.emberwatch' } });
    expect(cancelled.changes).toEqual([
      { subject: 'firmware update', before: { rev: '3.2', from_rev: '3.3' }, after: null },
    ]);
    // The cancelled update ends the failure's listing: its last entry is no failure.
    expect((await get('/admin/otaStations')).json<{ results: OtaStation[] }>().results).toEqual([]);
  });

  it('refuses every call to users who are not staff, masters included, and changes nothing', async () => {
    for (const who of ['hay', 'master']) {
      for (const url of [
        `/admin/getOTAForBS?bs=${BS}`,
        `/admin/getOTAStatus?bs=${BS}`,
        '/admin/firmwareImages',
        '/admin/otaStations',
      ])
        expect((await get(url, who)).statusCode, `${who} ${url}`).toBe(403);
      expect(
        (await post('/admin/saveOTAForBS', { bs: BS, rev: '3.2', old_rev: '3.3' }, who)).statusCode,
      ).toBe(403);
      expect((await post('/admin/cancelPendingOTA', { bs: BS }, who)).statusCode).toBe(403);
      expect((await addImage('4.0', Buffer.from('x'), who)).statusCode).toBe(403);
    }
    expect((await forBs()).pending).toBeNull();
    const revs = (await get('/admin/firmwareImages')).json<{ results: FirmwareImage[] }>().results;
    expect(revs.map((i) => i.rev)).not.toContain('4.0');
  });

  it.each([
    ['Root', 0, true],
    ['Admin', 1, true],
    ['Tech', 2, true],
    ['Sales', 3, false],
  ])(
    'as %s staff reads the updates; assigns, cancels and adds images: %s',
    async (_level, group, manages) => {
      try {
        await asStaffLevel(t, group, async () => {
          for (const url of [
            `/admin/getOTAForBS?bs=${OTHER}`,
            `/admin/getOTAStatus?bs=${OTHER}`,
            '/admin/firmwareImages',
            '/admin/otaStations',
          ])
            expect((await get(url)).statusCode, url).toBe(200);
          const code = manages ? 200 : 403;
          expect((await addImage(`5.${group}`, Buffer.from('image'))).statusCode).toBe(code);
          expect(
            (await post('/admin/saveOTAForBS', { bs: OTHER, rev: '3.3', old_rev: '3.2' })).statusCode,
          ).toBe(code);
          expect((await post('/admin/cancelPendingOTA', { bs: OTHER })).statusCode).toBe(code);
          const log = (await forBs(OTHER)).log;
          expect(log.length).toBe(manages ? 1 : 0);
        });
      } finally {
        await t.store.db
          .deleteFrom('ota_log' as never)
          .where('bs_id' as never, '=', OTHER as never)
          .execute();
      }
    },
  );
});
