import { ALERT_CHANNELS, type AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';
import { CLAIM_LEASE_S, type DeliveryConfig } from '../../config.js';
import type { ChannelAdapter, OutgoingMessage } from './channels/ChannelAdapter.js';
import type {
  ChannelFilter,
  DeliveryMessageRow,
  DeliveryRepository,
  FinishedTry,
} from './delivery.repository.js';
import { verdictOf, type AttemptVerdict } from './retryPolicy.js';
import { fullBucket, returnTokens, takeTokens, type BucketState, type RateLimit } from './tokenBucket.js';

/** How many sends each channel may have in flight, and which provider's rate each channel spends. */
export interface WorkerLimits {
  /** Sends in flight at once per channel (at least 1; a channel not named gets 1). */
  concurrency: Partial<Record<AlertChannel, number>>;
  /**
   * The provider a channel calls and that provider's rate limit; channels naming one provider share
   * its bucket. A channel without an entry is bounded by its concurrency only.
   */
  rates: Partial<Record<AlertChannel, { provider: string; limit: RateLimit }>>;
  /** Seconds a claim is this process's (CLAIM_LEASE_S unless configured). */
  leaseS?: number;
}

/**
 * The worker's limits from the configuration: SMS and calls are Twilio's two resources, each paced
 * by its own rate; e-mail by the relay's; Sentinel targets and push services by concurrency only.
 * A bucket holds one second's worth of sends (at least one).
 */
export function workerLimitsOf(
  config: Pick<DeliveryConfig, 'concurrency' | 'rates'> & Partial<Pick<DeliveryConfig, 'claimLeaseS'>>,
): WorkerLimits {
  const rate = (provider: string, perSecond: number) =>
    perSecond > 0 ? { provider, limit: { perSecond, burst: Math.max(1, Math.ceil(perSecond)) } } : undefined;
  const rates: WorkerLimits['rates'] = {};
  const sms = rate('twilio-messages', config.rates.twilioMessagesPerS);
  const voice = rate('twilio-calls', config.rates.twilioCallsPerS);
  const email = rate('smtp', config.rates.smtpPerS);
  if (sms) rates.sms = sms;
  if (voice) rates.voice = voice;
  if (email) rates.email = email;
  return { concurrency: { ...config.concurrency }, rates, leaseS: config.claimLeaseS };
}

/** One channel's share of the worker: its own places, claims and wake-up, independent of the others. */
interface Lane {
  name: string;
  filter: ChannelFilter;
  limit: number;
  rate: { provider: string; limit: RateLimit } | undefined;
  /** Claimed and not yet returned: the places taken. */
  inFlight: number;
  /** Its last claim found fewer due messages than it asked for: a returning send need not look again. */
  drained: boolean;
  /** Set while the lane waits for its provider's next token. */
  wake: NodeJS.Timeout | null;
}

/** An outcome waiting for the next write, and who waits for it to be stored. */
interface WaitingOutcome {
  tried: FinishedTry;
  stored: () => void;
  failed: (err: unknown) => void;
}

/**
 * Sends what the outbox holds (issue 12 item 1; issue 27 item 7, decision 0069). Each channel is a
 * lane with its own places (`concurrency`), paced by its provider's token bucket, that takes due
 * messages of its channel only, so a channel that hangs or times out holds up no other.
 *
 * All the worker's writes go through one loop: when a send returns, its outcome — sent, tried again
 * later, or failed for good — is written at the end of that turn of the event loop, together with the
 * outcomes that returned in the same turn and the claims for the places they freed, in one transaction
 * (one commit instead of one per outcome and one per claim). A lane's place is taken again only in the
 * transaction that records how its last send went, so no lane ever has more rows claimed than places.
 * A worker killed between a provider's acceptance and that commit leaves the claim to run out and the
 * message is sent again: at most one duplicate per claimed message, i.e. per place (the sum of the
 * channels' concurrency), per kill; never a loss.
 */
export class DeliveryWorker {
  /** Told of each message once it is recorded as failed for good (decision 0070: the owner is told). */
  onFailedForGood?: (message: DeliveryMessageRow) => Promise<void>;

  private readonly lanes: Lane[];
  private readonly leaseS: number;
  private readonly buckets = new Map<string, BucketState>();
  /** Sends in flight, writes under way, lanes waiting for a token: what idle() waits for. */
  private readonly busy = new Set<Promise<unknown>>();
  private readonly waiting: WaitingOutcome[] = [];
  private readonly toFill = new Set<Lane>();
  private writing: Promise<void> | null = null;
  private writeSoon = false;
  /** Resolved with the sends the next write starts. */
  private nextWrite = deferred<number>();

  constructor(
    private readonly repo: DeliveryRepository,
    private readonly adapters: () => Partial<Record<AlertChannel, ChannelAdapter>>,
    private readonly nowS: () => number,
    private readonly retryBaseS: number,
    limits: WorkerLimits = { concurrency: {}, rates: {} },
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly random: () => number = Math.random,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    const lane = (name: string, filter: ChannelFilter, limit: number, rate?: Lane['rate']): Lane => ({
      name,
      filter,
      limit: Math.max(1, Math.floor(limit)),
      rate,
      inFlight: 0,
      drained: false,
      wake: null,
    });
    this.leaseS = limits.leaseS ?? CLAIM_LEASE_S;
    this.lanes = [
      ...ALERT_CHANNELS.map((c) => lane(c, { in: [c] }, limits.concurrency[c] ?? 1, limits.rates[c])),
      // A row of a channel this build does not know is still claimed, and fails for want of a sender.
      lane('other', { notIn: [...ALERT_CHANNELS] }, 1),
    ];
  }

  /** Most messages one process can have claimed: the most duplicates one kill can cause. */
  get maxInFlight(): number {
    return this.lanes.reduce((sum, l) => sum + l.limit, 0);
  }

  /**
   * Starts sends for due messages in every channel's free places; returns how many it started. It does
   * not wait for them: each lane goes on by itself as its sends return (idle() waits for all of it).
   */
  async runOnce(): Promise<number> {
    for (const l of this.lanes) {
      l.drained = false;
      this.toFill.add(l);
    }
    // The next write takes these lanes; the writes after it (outcomes of a long burst) are not waited
    // for, so the pump goes on wording the next alerts meanwhile.
    const round = this.nextWrite.promise;
    void this.write();
    return round;
  }

  /** Resolves when no send is in flight, nothing waits to be written and no lane waits for a token. */
  async idle(): Promise<void> {
    while (this.busy.size > 0) await Promise.allSettled([...this.busy]);
  }

  /** Runs writes until nothing waits for one. */
  private write(): Promise<void> {
    if (!this.writing) {
      const run = this.writeAll().finally(() => {
        this.writing = null;
        // Something may have come between the last look and now.
        if (this.waiting.length > 0 || this.toFill.size > 0) this.soon();
      });
      this.writing = run;
      this.track(run);
    }
    return this.writing;
  }

  /** A write at the end of this turn of the event loop, with whatever else returns in it. */
  private soon(): void {
    if (this.writeSoon) return;
    this.writeSoon = true;
    this.track(
      new Promise<void>((resolve) =>
        setImmediate(() => {
          this.writeSoon = false;
          void this.write();
          resolve();
        }),
      ),
    );
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0 || this.toFill.size > 0) {
      const round = this.nextWrite;
      this.nextWrite = deferred<number>();
      round.resolve(await this.writeOnce());
    }
  }

  /**
   * One transaction: the outcomes that came back, then claims for the places free (tokens allowing).
   * A lane with places but no token only asks whether anything is due: it waits for its provider's next
   * token when something is, and otherwise rests until the next kick or tick, so that a call just made
   * does not keep the worker (and idle(), and a stopping server) waiting a second for a token nothing
   * needs.
   */
  private async writeOnce(): Promise<number> {
    const outcomes = this.waiting.splice(0);
    const asks: { lane: Lane; wanted: number }[] = [];
    const starved: { lane: Lane; waitMs: number }[] = [];
    for (const lane of this.toFill) {
      const free = lane.limit - lane.inFlight;
      if (free <= 0 || lane.wake) continue;
      const { granted, waitMs } = this.tokens(lane, free);
      if (granted > 0) asks.push({ lane, wanted: granted });
      else starved.push({ lane, waitMs });
    }
    this.toFill.clear();
    let claimed: DeliveryMessageRow[][];
    let due: boolean[];
    try {
      ({ claimed, due } = await this.repo.finishAndClaim(
        outcomes.map((o) => o.tried),
        asks.map((a) => ({ channels: a.lane.filter, limit: a.wanted })),
        this.nowS(),
        this.leaseS,
        starved.map((s) => s.lane.filter),
      ));
    } catch (err) {
      // Nothing of it was stored: those messages stay claimed until their leases run out (then they
      // are sent again), and the lanes look again at the next kick or tick.
      for (const a of asks) this.giveBack(a.lane, a.wanted);
      for (const o of outcomes) o.failed(err);
      this.onError(err);
      return 0;
    }
    for (const o of outcomes) o.stored();
    let started = 0;
    asks.forEach(({ lane, wanted }, i) => {
      const rows = claimed[i] ?? [];
      if (rows.length < wanted) this.giveBack(lane, wanted - rows.length);
      lane.drained = rows.length < wanted;
      for (const m of rows) this.start(lane, m);
      started += rows.length;
    });
    starved.forEach(({ lane, waitMs }, i) => {
      if (due[i]) this.wakeAfter(lane, waitMs);
      else lane.drained = true;
    });
    return started;
  }

  /** Tokens for up to `free` sends; none: `waitMs` until the provider's next token is there. */
  private tokens(lane: Lane, free: number): { granted: number; waitMs: number } {
    if (!lane.rate) return { granted: free, waitMs: 0 };
    const { provider, limit } = lane.rate;
    const now = this.nowMs();
    const taken = takeTokens(this.buckets.get(provider) ?? fullBucket(limit, now), limit, now, free);
    this.buckets.set(provider, taken.state);
    return { granted: taken.granted, waitMs: taken.waitMs };
  }

  /** The lane looks again when its provider's next token is there. */
  private wakeAfter(lane: Lane, waitMs: number): void {
    let woken!: () => void;
    this.track(new Promise<void>((r) => (woken = r)));
    lane.wake = setTimeout(() => {
      lane.wake = null;
      this.toFill.add(lane);
      // Asked for before the wait ends, so that idle() sees no gap between the two.
      void this.write();
      woken();
    }, waitMs);
  }

  private giveBack(lane: Lane, unused: number): void {
    if (!lane.rate || unused <= 0) return;
    const state = this.buckets.get(lane.rate.provider);
    if (state) this.buckets.set(lane.rate.provider, returnTokens(state, lane.rate.limit, unused));
  }

  private start(lane: Lane, m: DeliveryMessageRow): void {
    lane.inFlight++;
    this.track(this.deliver(lane, m).catch((err: unknown) => this.onError(err)));
  }

  private async deliver(lane: Lane, m: DeliveryMessageRow): Promise<void> {
    const adapter = this.adapters()[m.channel as AlertChannel];
    const outcome = adapter
      ? await adapter.send(outgoing(m)).catch((err: unknown) => ({
          ok: false as const,
          permanent: false,
          error: `error: ${(err as Error).message ?? String(err)}`.slice(0, 300),
        }))
      : { ok: false as const, permanent: true, error: `No ${m.channel} sender is configured.` };
    // Its place is taken again in the transaction that records this outcome, not before.
    lane.inFlight--;
    if (!lane.drained) this.toFill.add(lane);
    await this.record(m, verdictOf(outcome, m.attempts, this.random(), this.retryBaseS));
  }

  /**
   * The one place a try's outcome is recorded, as soon as its send returned (in the write at the end
   * of that turn of the event loop): sent; tried again later; or failed for good (`verdict.status ===
   * 'failed'`: a permanent refusal or the last attempt — the message's final outcome). Resolves once
   * it is in the store.
   */
  private async record(m: DeliveryMessageRow, verdict: AttemptVerdict): Promise<void> {
    const now = this.nowS();
    const tried: FinishedTry = {
      id: m.id,
      attempts: m.attempts,
      outcome:
        verdict.status === 'sent'
          ? { status: 'sent', providerId: verdict.providerId }
          : verdict.status === 'pending'
            ? { status: 'pending', error: verdict.error, retryAtTs: now + verdict.retryInS }
            : { status: 'failed', error: verdict.error },
    };
    await new Promise<void>((stored, failed) => {
      this.waiting.push({ tried, stored, failed });
      this.soon();
    });
    if (verdict.status === 'failed')
      await this.onFailedForGood?.({
        ...m,
        status: 'failed',
        last_error: verdict.error,
        next_attempt_ts: now,
      });
  }

  private track(p: Promise<unknown>): void {
    this.busy.add(p);
    void p.finally(() => this.busy.delete(p)).catch(() => undefined);
  }
}

export function outgoing(m: DeliveryMessageRow): OutgoingMessage {
  return {
    id: m.id,
    channel: m.channel as AlertChannel,
    to: m.address,
    from: m.sender ?? undefined,
    subject: m.subject,
    text: m.body,
    html: m.html ?? undefined,
    language: m.language,
    payload: m.payload ? (JSON.parse(m.payload) as Record<string, unknown>) : undefined,
  };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
