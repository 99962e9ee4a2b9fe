import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import type {
  ChannelAdapter,
  OutgoingMessage,
  SendOutcome,
} from '../src/features/delivery/channels/ChannelAdapter.js';
import { DeliveryRepository } from '../src/features/delivery/delivery.repository.js';
import { CLAIM_LEASE_S, loadConfig } from '../src/config.js';
import {
  DeliveryWorker,
  workerLimitsOf,
  type WorkerLimits,
} from '../src/features/delivery/deliveryWorker.js';
import { createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HAY = 'hay@demo.emberwatch';

/**
 * A channel whose sends wait until the test lets them go: it counts what arrived, what is in flight
 * and the most that ever were, and resolves `arrived(n)` once n sends came in.
 */
class GatedChannel implements ChannelAdapter {
  readonly sent: number[] = [];
  inFlight = 0;
  mostInFlight = 0;
  private readonly held: (() => void)[] = [];
  private readonly waiters: { n: number; resolve: () => void }[] = [];
  private open = false;

  constructor(readonly channel: AlertChannel) {}

  async send(m: OutgoingMessage): Promise<SendOutcome> {
    this.sent.push(m.id);
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    for (const w of this.waiters.filter((x) => this.sent.length >= x.n)) w.resolve();
    if (!this.open) await new Promise<void>((r) => this.held.push(r));
    this.inFlight--;
    return { ok: true, providerId: `${this.channel}-${m.id}` };
  }

  arrived(n: number): Promise<void> {
    if (this.sent.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  /** Lets every held send and every later one through. */
  release(): void {
    this.open = true;
    for (const r of this.held.splice(0)) r();
  }
}

describe("the worker's limits from the configuration", () => {
  const concurrency = { email: 4, sms: 3, voice: 2, sentinel: 5, push: 6 };
  it('paces SMS and calls by their own Twilio buckets and e-mail by the relay, one second a burst', () => {
    const limits = workerLimitsOf({
      concurrency,
      rates: { twilioMessagesPerS: 20, twilioCallsPerS: 1, smtpPerS: 2.5 },
    });
    expect(limits).toEqual({
      concurrency,
      rates: {
        sms: { provider: 'twilio-messages', limit: { perSecond: 20, burst: 20 } },
        voice: { provider: 'twilio-calls', limit: { perSecond: 1, burst: 1 } },
        email: { provider: 'smtp', limit: { perSecond: 2.5, burst: 3 } },
      },
    });
    // One place per channel and one for channels this build does not know.
    expect(
      new DeliveryWorker(
        {} as DeliveryRepository,
        () => ({}),
        () => 0,
        15,
        limits,
      ).maxInFlight,
    ).toBe(21);
  });
  it('holds claims for the lease configured (DELIVERY_CLAIM_LEASE_S), two minutes without one', () => {
    const rates = { twilioMessagesPerS: 0, twilioCallsPerS: 0, smtpPerS: 0 };
    expect(workerLimitsOf({ concurrency, rates, claimLeaseS: 45 }).leaseS).toBe(45);
    expect(workerLimitsOf({ concurrency, rates }).leaseS).toBeUndefined();
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/emberwatch-lease-config' };
    expect(loadConfig(base).delivery.claimLeaseS).toBe(CLAIM_LEASE_S);
    expect(CLAIM_LEASE_S).toBe(120);
    expect(loadConfig({ ...base, DELIVERY_CLAIM_LEASE_S: '30' }).delivery.claimLeaseS).toBe(30);
    // Shorter than the longest send (the SMTP socket's 20 s) and its margin: a live send could be taken over.
    expect(() => loadConfig({ ...base, DELIVERY_CLAIM_LEASE_S: '29' })).toThrow(/DELIVERY_CLAIM_LEASE_S/);
  });
  it('leaves a provider unpaced at 0', () => {
    expect(
      workerLimitsOf({ concurrency, rates: { twilioMessagesPerS: 0, twilioCallsPerS: 0, smtpPerS: 0 } })
        .rates,
    ).toEqual({});
  });
});

describe(`the delivery worker on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let repo: DeliveryRepository;
  let ownerId: number;
  // Far ahead of the server's own clock, so that only the workers made here see these messages.
  let later = Math.floor(Date.now() / 1000) + 30 * 86_400;

  const insert = async (channel: string, n: number): Promise<number[]> => {
    const rows = Array.from({ length: n }, (_, i) => ({
      owner_user_id: ownerId,
      delivery_alert_id: null,
      storage_id: null,
      kind: 'test' as const,
      step: 0,
      channel,
      recipient_user_id: ownerId,
      recipient_name: 'Owner',
      address: channel === 'email' ? `o${i}@example.com` : `+3584000${String(i).padStart(5, '0')}`,
      sender: null,
      language: 'en',
      subject: 'test',
      body: `test ${i}`,
      html: null,
      payload: null,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_ts: later,
      created_ts: later,
    }));
    return (await repo.db.insertInto('delivery_messages').values(rows).returning('id').execute()).map(
      (r) => r.id,
    );
  };
  const statuses = async (ids: number[]) =>
    (
      await repo.db
        .selectFrom('delivery_messages')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r) => r.status);
  const worker = (
    adapters: Partial<Record<AlertChannel, ChannelAdapter>>,
    limits: WorkerLimits,
    nowMs?: () => number,
  ) =>
    new DeliveryWorker(
      repo,
      () => adapters,
      () => later,
      15,
      limits,
      (err) => {
        throw err;
      },
      () => 0.5,
      nowMs,
    );

  beforeAll(async () => {
    t = await createTestApp();
    repo = new DeliveryRepository(t.store.db, t.store.engine);
    ownerId = (await t.findUser(HAY))!.id;
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test its own instant: messages one test leaves behind are not due in the next.
  let day = 0;
  const nextDay = () => {
    later += 86_400 * ++day;
  };

  it('keeps as many sends of a channel in flight as its limit allows, no more', async () => {
    nextDay();
    const sms = new GatedChannel('sms');
    const ids = await insert('sms', 7);
    const w = worker({ sms }, { concurrency: { sms: 3 }, rates: {} });
    expect(await w.runOnce()).toBe(3);
    await sms.arrived(3);
    expect(sms.inFlight).toBe(3);
    expect(await statuses(ids)).toEqual([
      ...Array<string>(3).fill('sending'),
      ...Array<string>(4).fill('pending'),
    ]);
    sms.release();
    await w.idle();
    expect(await statuses(ids)).toEqual(Array(7).fill('sent'));
    expect(sms.mostInFlight).toBe(3);
    expect([...sms.sent].sort((a, b) => a - b)).toEqual(ids);
  });

  it('claims a message until the lease it was given runs out, or two minutes without one', async () => {
    const leaseOf = async (id: number) =>
      (
        await repo.db
          .selectFrom('delivery_messages')
          .select('lease_until_ts')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).lease_until_ts;
    for (const [leaseS, held] of [
      [45, 45],
      [undefined, CLAIM_LEASE_S],
    ] as const) {
      nextDay();
      const sms = new GatedChannel('sms');
      const [id] = await insert('sms', 1);
      const w = worker({ sms }, { concurrency: { sms: 1 }, rates: {}, leaseS });
      expect(await w.runOnce()).toBe(1);
      await sms.arrived(1);
      expect(await leaseOf(id!)).toBe(later + held);
      sms.release();
      await w.idle();
    }
  });

  it('sends SMS while every e-mail hangs, and records each outcome as its send returns', async () => {
    nextDay();
    const email = new GatedChannel('email');
    const sms = new GatedChannel('sms');
    sms.release();
    // The e-mails are older: one message at a time would be stuck on the first of them.
    const mails = await insert('email', 4);
    const texts = await insert('sms', 5);
    const w = worker({ email, sms }, { concurrency: { email: 2, sms: 1 }, rates: {} });
    void w.runOnce();
    await sms.arrived(5);
    await email.arrived(2);
    // The SMS went out one by one (their limit is 1) and each is recorded, while both e-mail places hang.
    await until(async () => (await statuses(texts)).every((s) => s === 'sent'));
    expect(await statuses(texts)).toEqual(Array(5).fill('sent'));
    expect(await statuses(mails)).toEqual(['sending', 'sending', 'pending', 'pending']);
    expect(email.inFlight).toBe(2);
    email.release();
    await w.idle();
    expect(await statuses(mails)).toEqual(Array(4).fill('sent'));
    expect(email.mostInFlight).toBe(2);
  });

  it("paces a provider's sends by its rate: two a second, shared by the channels that call it", async () => {
    nextDay();
    let clockMs = 1_000_000;
    const sms = new GatedChannel('sms');
    const voice = new GatedChannel('voice');
    sms.release();
    voice.release();
    const ids = [...(await insert('sms', 3)), ...(await insert('voice', 2))];
    const provider = { provider: 'twilio', limit: { perSecond: 2, burst: 2 } };
    const w = worker(
      { sms, voice },
      { concurrency: { sms: 4, voice: 4 }, rates: { sms: provider, voice: provider } },
      () => clockMs,
    );
    await w.runOnce();
    await until(async () => (await statuses(ids)).filter((s) => s === 'sent').length === 2);
    // The provider's clock stands still: nothing more may go, however many places are free.
    expect(sms.sent.length + voice.sent.length).toBe(2);
    expect((await statuses(ids)).filter((s) => s === 'pending')).toHaveLength(3);
    clockMs += 1000;
    await until(() => sms.sent.length + voice.sent.length === 4);
    clockMs += 1000;
    await w.idle();
    expect(await statuses(ids)).toEqual(Array(5).fill('sent'));
  });

  it('does not wait for a token nothing needs: after the last call the worker is idle at once', async () => {
    nextDay();
    const voice = new GatedChannel('voice');
    voice.release();
    const ids = await insert('voice', 1);
    // One call a hundred seconds: after the first, the provider's next token is far away.
    const provider = { provider: 'twilio', limit: { perSecond: 0.01, burst: 1 } };
    const w = worker({ voice }, { concurrency: { voice: 2 }, rates: { voice: provider } });
    await w.runOnce();
    await until(async () => (await statuses(ids))[0] === 'sent');
    const settled = await Promise.race([
      w.idle().then(() => 'idle'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for a token'), 10_000)),
    ]);
    expect(settled).toBe('idle');
    expect(voice.sent).toEqual(ids);
  });

  it('never sends one message twice when several workers share the outbox', async () => {
    nextDay();
    const sms = new GatedChannel('sms');
    const email = new GatedChannel('email');
    sms.release();
    email.release();
    const ids = [...(await insert('sms', 40)), ...(await insert('email', 40))];
    const limits = { concurrency: { sms: 4, email: 4 }, rates: {} };
    const workers = [0, 1, 2].map(() => worker({ sms, email }, limits));
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.idle()));
    const sent = [...sms.sent, ...email.sent];
    expect(sent).toHaveLength(80);
    expect(new Set(sent).size).toBe(80);
    expect(await statuses(ids)).toEqual(Array(80).fill('sent'));
  });

  it('claims only the channels asked for, and never one row twice', async () => {
    nextDay();
    const texts = await insert('sms', 30);
    const mails = await insert('email', 30);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        repo.claim(later, 10, 120, i % 2 === 0 ? { in: ['sms'] } : { notIn: ['sms'] }),
      ),
    );
    const smsTaken = claims.filter((_, i) => i % 2 === 0).flat();
    const otherTaken = claims.filter((_, i) => i % 2 === 1).flat();
    expect(smsTaken.every((m) => m.channel === 'sms')).toBe(true);
    expect(otherTaken.every((m) => m.channel === 'email')).toBe(true);
    const taken = [...smsTaken, ...otherTaken].map((m) => m.id);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.sort((a, b) => a - b)).toEqual([...texts, ...mails]);
  });
});

/** Waits for a condition that the work under test brings about (no time is asserted). */
async function until(cond: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await cond())) await new Promise((r) => setTimeout(r, 10));
}
