import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@emberwatch/shared/contracts/audit';
import type {
  GetBroadcastsResponse,
  GetBroadcastUsersResponse,
  NewsCampaign,
  SendBroadcastResponse,
} from '@emberwatch/shared/contracts/broadcasts';
import type { UserNews } from '@emberwatch/shared/contracts/notifications';
import { broadcastsDb } from '../src/features/broadcasts/broadcasts.tables.js';
import { deliveryOf } from './support/deliveryHelpers.js';
import { asStaffLevel } from './support/staffLevel.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

/**
 * Issue 31 item 3 (decision 0100): broadcasts by SMS and e-mail to an audience of customers through
 * the delivery outbox and its stand-ins — count, preview, per-language texts, the daily SMS cap and
 * each recipient's status — and news campaigns shown in the customers' news only to their audience
 * and within their schedule. Staff levels below Admin and non-staff are refused and change nothing;
 * every write is in the audit trail.
 */
const START = Math.floor(Date.now() / 1000);
const DAY = 86_400;
// Small for the test: the cap is reached by a few messages.
const CAP = 3;

describe(`broadcasts and news campaigns on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let now = START;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => now, env: { DELIVERY_SMS_DAILY_CAP: String(CAP) } });
    // compost chose German in its settings: its broadcast comes in German, its news too.
    const res = await post('/client/uiPrefs', { prefs: { language: 'de' } }, 'compost');
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Moves the server's clock; sessions are opened again at the new time (tokens last 15 minutes). */
  const setNow = (s: number) => {
    now = s;
    for (const k of Object.keys(tokens)) delete tokens[k];
  };
  async function tokenOf(who: string): Promise<string> {
    tokens[who] ??= await t.login(`${who}@demo.emberwatch`);
    return tokens[who];
  }
  const get = async (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const post = async (url: string, payload: object, who = 'admin') =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(await tokenOf(who)) });
  const db = () => broadcastsDb(t.store.db);
  const stored = async () => ({
    broadcasts: await db().selectFrom('broadcasts').selectAll().orderBy('id').execute(),
    recipients: await db().selectFrom('broadcast_recipients').selectAll().orderBy('id').execute(),
    outbox: await db().selectFrom('delivery_messages').select(['id', 'status']).orderBy('id').execute(),
    news: await db().selectFrom('news').selectAll().orderBy('id').execute(),
  });
  const texts = {
    en: { subject: 'Service break', text: 'The service is down on Sunday from 2 to 3.' },
    de: { subject: 'Wartung', text: 'Der Dienst ist am Sonntag von 2 bis 3 Uhr unterbrochen.' },
  };
  const newsOf = async (who: string) => {
    const res = await get('/client/userInfo', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ userinfo: UserNews }>().userinfo;
  };

  it('counts the customers an audience reaches, with their contacts masked and no staff or masters', async () => {
    const all = await get('/admin/getBroadcastUsers');
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<GetBroadcastUsersResponse>();
    const names = body.users.map((u) => u.username);
    expect(names).toEqual(
      expect.arrayContaining(['hay@demo.emberwatch', 'grain@demo.emberwatch', 'compost@demo.emberwatch']),
    );
    for (const staff of ['admin@demo.emberwatch', 'master@demo.emberwatch', 'hay-helper@demo.emberwatch'])
      expect(names).not.toContain(staff);
    expect(body.count).toBe(body.users.length);
    const hay = body.users.find((u) => u.username === 'hay@demo.emberwatch')!;
    expect(hay.phone).toBe('+120•••••101');
    expect(hay.email).toBe('h••@example.com');
    expect(all.body).not.toContain('5550101');

    const filtered = (
      await get('/admin/getBroadcastUsers?planLevels=4&countries=NL,us&contact=sms')
    ).json<GetBroadcastUsersResponse>();
    expect(filtered.users.map((u) => u.username).sort()).toEqual([
      'compost@demo.emberwatch',
      'grain@demo.emberwatch',
    ]);
    expect(filtered).toMatchObject({ count: 2, sms: 2, email: 2 });
    const bySegment = (await get('/admin/getBroadcastUsers?segments=14')).json<GetBroadcastUsersResponse>();
    expect(bySegment.users.map((u) => u.username)).toEqual(['compost@demo.emberwatch']);
    expect(
      (await get('/admin/getBroadcastUsers?partnerApps=gari')).json<GetBroadcastUsersResponse>().count,
    ).toBe(0);
    expect((await get('/admin/getBroadcastUsers?languages=xx')).statusCode).toBe(400);
  });

  it('previews a broadcast on a dry run: recipients, messages per channel and each language’s text; nothing sent', async () => {
    const before = await stored();
    const res = await post('/admin/sendBroadcastMessage', {
      channels: ['sms', 'email'],
      audience: { planLevels: [4] },
      texts,
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { preview, broadcast } = res.json<SendBroadcastResponse>();
    expect(broadcast).toBeNull();
    expect(preview).toMatchObject({
      recipients: 2,
      messages: { sms: 2, email: 2 },
      capped: { sms: 0, email: 0 },
      unreachable: 0,
    });
    expect(preview.languages).toEqual([
      { language: 'en', recipients: 1, ...texts.en },
      { language: 'de', recipients: 1, ...texts.de },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('sends through the outbox in each recipient’s language, and shows each recipient’s status', async () => {
    const res = await post('/admin/sendBroadcastMessage', {
      channels: ['sms', 'email'],
      audience: { planLevels: [4] },
      texts,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<SendBroadcastResponse>().broadcast!;
    // Queued, or already sent by the outbox's own pump.
    expect(sent).toMatchObject({ total: 4, counts: { failed: 0, capped: 0 } });
    expect(sent.counts.queued + sent.counts.sent).toBe(4);

    await deliveryOf(t).pump();
    const sms = t.standIns.sms.messages();
    expect(sms.find((m) => m.to === '+12025550103')!.body).toBe(texts.de.text);
    expect(sms.find((m) => m.to === '+12025550102')!.body).toBe(texts.en.text);
    const mails = t.standIns.smtp.mails();
    expect(mails.find((m) => m.to.includes('compost@example.com'))!.raw).toContain('Wartung');
    expect(mails.find((m) => m.to.includes('grain@example.com'))!.raw).toContain('Service break');

    const list = (await get(`/admin/getBroadcasts?id=${sent.id}`)).json<GetBroadcastsResponse>();
    expect(list.broadcasts[0]).toMatchObject({ id: sent.id, by: 'admin@demo.emberwatch', total: 4 });
    expect(list.detail!.broadcast.counts).toEqual({ queued: 0, sent: 4, failed: 0, capped: 0 });
    expect(
      list.detail!.recipients.map((r) => [r.username, r.channel, r.language, r.status, r.address]).sort(),
    ).toEqual([
      ['compost@demo.emberwatch', 'email', 'de', 'sent', 'c••••••@example.com'],
      ['compost@demo.emberwatch', 'sms', 'de', 'sent', '+120•••••103'],
      ['grain@demo.emberwatch', 'email', 'en', 'sent', 'g••••@example.com'],
      ['grain@demo.emberwatch', 'sms', 'en', 'sent', '+120•••••102'],
    ]);
    expect(JSON.stringify(list)).not.toContain('5550102');

    // The trail has the send, by whom, with what went out.
    const trail = (await get('/admin/auditLog?call=sendBroadcastMessage')).json<{ entries: AuditEntry[] }>();
    const entry = trail.entries.find((e) => e.status === 200 && e.changes.length > 0)!;
    expect(entry.changes[0]).toMatchObject({
      subject: `broadcast:${sent.id}`,
      after: { channels: ['sms', 'email'], messages: { sms: 2, email: 2 } },
    });
  });

  it('keeps SMS within each account’s daily cap: the ones over it are capped, not sent; e-mail goes', async () => {
    const broadcastOf = async () =>
      (
        await post('/admin/sendBroadcastMessage', {
          channels: ['sms', 'email'],
          audience: { segments: [13] },
          texts: { en: { subject: 'Again', text: 'Once more.' } },
        })
      ).json<SendBroadcastResponse>();
    // grain has one SMS today (above); two more reach the cap of three.
    await broadcastOf();
    await broadcastOf();
    await deliveryOf(t).pump();
    const smsBefore = t.standIns.sms.messages().length;
    const dry = await post('/admin/sendBroadcastMessage', {
      channels: ['sms'],
      audience: { segments: [13] },
      texts: { en: { text: 'Capped?' } },
      dryRun: true,
    });
    expect(dry.json<SendBroadcastResponse>().preview.capped).toEqual({ sms: 1, email: 0 });
    const over = await broadcastOf();
    expect(over.broadcast!.counts).toMatchObject({ capped: 1, failed: 0 });
    expect(over.broadcast!.counts.queued + over.broadcast!.counts.sent).toBe(1);
    await deliveryOf(t).pump();
    expect(t.standIns.sms.messages().length).toBe(smsBefore);
    const detail = (await get(`/admin/getBroadcasts?id=${over.broadcast!.id}`)).json<GetBroadcastsResponse>()
      .detail!;
    expect(detail.recipients.map((r) => [r.channel, r.status])).toEqual([
      ['sms', 'capped'],
      ['email', 'sent'],
    ]);
    expect(detail.recipients[0]!.error).toContain(`(${CAP})`);
    // A new day: the cap starts again.
    setNow(START + DAY);
    const nextDay = await broadcastOf();
    expect(nextDay.broadcast!.counts).toMatchObject({ capped: 0, failed: 0 });
    expect(nextDay.broadcast!.counts.queued + nextDay.broadcast!.counts.sent).toBe(2);
    // Settled: the tests below compare the store before and after.
    await deliveryOf(t).pump();
    setNow(START);
  });

  it.each([
    ['no channel', { channels: [], texts }, 400],
    ['no English text', { channels: ['sms'], texts: { de: texts.de } }, 400],
    ['an e-mail without a subject', { channels: ['email'], texts: { en: { text: 'Hi' } } }, 400],
    ['an SMS too long', { channels: ['sms'], texts: { en: { text: 'x'.repeat(460) } } }, 400],
    ['an unknown channel', { channels: ['fax'], texts }, 400],
    ['an audience nobody is in', { channels: ['sms'], audience: { segments: [999] }, texts }, 409],
  ])('refuses %s and sends nothing', async (_name, body, status) => {
    const before = await stored();
    const res = await post('/admin/sendBroadcastMessage', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ status_code: number; error: string }>()).toMatchObject({
      status_code: status,
      error: expect.any(String) as string,
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses sending and saving news to Tech and Sales staff and to customers; Sales reads', async () => {
    const before = await stored();
    const send = { channels: ['email'], texts, dryRun: false };
    const save = { campaigns: [{ icon: 'info', texts: { en: { title: 'No', text: 'No' } } }] };
    for (const level of [2, 3])
      await asStaffLevel(t, level, async () => {
        const a = await post('/admin/sendBroadcastMessage', send);
        expect(a.statusCode).toBe(403);
        expect(a.json<{ error: string }>().error).toBe('Only Root and Admin staff send broadcasts.');
        const b = await post('/admin/saveNewsCampaigns', save);
        expect(b.json<{ error: string }>().error).toBe(
          'Only Root and Admin staff change the news campaigns.',
        );
        expect((await get('/admin/getBroadcasts')).statusCode).toBe(200);
        expect((await get('/admin/getNewsCampaigns')).statusCode).toBe(200);
      });
    for (const who of ['hay', 'master', 'hay-helper']) {
      expect((await post('/admin/sendBroadcastMessage', send, who)).statusCode).toBe(403);
      expect((await post('/admin/saveNewsCampaigns', save, who)).statusCode).toBe(403);
      for (const url of ['/admin/getBroadcastUsers', '/admin/getBroadcasts', '/admin/getNewsCampaigns'])
        expect((await get(url, who)).statusCode).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('shows a saved campaign in the news of its audience only, within its schedule', async () => {
    const campaign = {
      icon: 'event',
      texts: {
        en: { title: 'Field day', text: 'Meet us at the fair.' },
        de: { title: 'Feldtag', text: 'Treffen Sie uns auf der Messe.' },
      },
      link: 'https://example.com/fair',
      popup: true,
      audience: { planLevels: [4] },
      start_ts: START + 3600,
      end_ts: START + 2 * DAY,
    };
    const res = await post('/admin/saveNewsCampaigns', { campaigns: [campaign] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res
      .json<{ campaigns: NewsCampaign[] }>()
      .campaigns.find((c) => c.texts.en?.title === 'Field day')!;
    expect(saved).toMatchObject({ popup: true, phase: 'scheduled', by: 'admin@demo.emberwatch' });
    // Above the product's own news ids (newsSeed.ts).
    expect(saved.id).toBeGreaterThanOrEqual(1000);

    const titles = async (who: string) => (await newsOf(who)).news.map((n) => n.title);
    // Before its start: nobody.
    expect(await titles('grain')).not.toContain('Field day');
    setNow(START + 7200);
    expect(await titles('grain')).toContain('Field day');
    const compost = await newsOf('compost');
    expect(compost.news.map((n) => n.title)).toContain('Feldtag');
    expect(compost.popupNews).toContain(saved.id);
    expect(compost.newsUrls).toContain('https://example.com/fair');
    // Outside its audience (plan level 2), and masters: not shown.
    expect(await titles('hay')).not.toContain('Field day');
    expect((await newsOf('master')).news).toEqual([]);
    // The product's news without an audience still reach everyone.
    expect(await titles('hay')).toContain('A logbook for every storage');
    // After its end: gone.
    setNow(START + 3 * DAY);
    expect(await titles('grain')).not.toContain('Field day');
    setNow(START);

    // Edited: everyone, from now on; then deleted, and it is gone for good.
    const edit = await post('/admin/saveNewsCampaigns', {
      campaigns: [{ ...campaign, id: saved.id, audience: {}, start_ts: null, end_ts: null }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await titles('hay')).toContain('Field day');
    const del = await post('/admin/saveNewsCampaigns', { deleted: [saved.id, 1] });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json<{ campaigns: NewsCampaign[] }>().campaigns.map((c) => c.id)).not.toContain(saved.id);
    expect(await titles('hay')).not.toContain('Field day');
    expect(await titles('hay')).not.toContain('A logbook for every storage');

    const trail = (await get('/admin/auditLog?call=saveNewsCampaigns')).json<{ entries: AuditEntry[] }>();
    expect(trail.entries.filter((e) => e.status === 200).length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [
      'an end before the start',
      { icon: 'info', texts: { en: { title: 'A', text: '' } }, start_ts: 10, end_ts: 5 },
      400,
    ],
    ['no English title', { icon: 'info', texts: { de: { title: 'A', text: '' } } }, 400],
    ['an unknown icon', { icon: 'rocket', texts: { en: { title: 'A', text: '' } } }, 400],
    [
      'a link that is no web address',
      { icon: 'info', texts: { en: { title: 'A', text: '' } }, link: 'javascript:alert(1)' },
      400,
    ],
    ['an unknown id', { id: 999_999, icon: 'info', texts: { en: { title: 'A', text: '' } } }, 404],
  ])('refuses a campaign with %s and saves nothing', async (_name, campaign, status) => {
    const before = await stored();
    const res = await post('/admin/saveNewsCampaigns', { campaigns: [campaign] });
    expect(res.statusCode, res.body).toBe(status);
    expect(await stored()).toEqual(before);
  });
});
