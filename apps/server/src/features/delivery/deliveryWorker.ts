import { ALERT_CHANNELS, type AlertChannel } from '@emberwatch/shared';
import type { DeliveryConfig } from '../../config.js';
import type { ChannelAdapter, OutgoingMessage } from './channels/ChannelAdapter.js';
import type { ChannelFilter, DeliveryMessageRow, DeliveryRepository } from './delivery.repository.js';
import { verdictOf, type AttemptVerdict } from './retryPolicy.js';
import { fullBucket, returnTokens, takeTokens, type BucketState, type RateLimit } from './tokenBucket.js';

/** How long a claim holds: longer than any channel's timeouts, so a live worker never loses its claim. */
export const CLAIM_LEASE_S = 120;

/** How many sends each channel may have in flight, and which provider's rate each channel spends. */
export interface WorkerLimits {
  /** Sends in flight at once per channel (at least 1; a channel not named gets 1). */
  concurrency: Partial<Record<AlertChannel, number>>;
  /**
   * The provider a channel calls and that provider's rate limit; channels naming one provider share
   * its bucket. A channel without an entry is bounded by its concurrency only.
   */
  rates: Partial<Record<AlertChannel, { provider: string; limit: RateLimit }>>;
}

/**
 * The worker's limits from the configuration: SMS and calls are Twilio's two resources, each paced
 * by its own rate; e-mail by the relay's; Sentinel targets and push services by concurrency only.
 * A bucket holds one second's worth of sends (at least one).
 */
export function workerLimitsOf(config: Pick<DeliveryConfig, 'concurrency' | 'rates'>): WorkerLimits {
  const rate = (provider: string, perSecond: number) =>
    perSecond > 0 ? { provider, limit: { perSecond, burst: Math.max(1, Math.ceil(perSecond)) } } : undefined;
  const rates: WorkerLimits['rates'] = {};
  const sms = rate('twilio-messages', config.rates.twilioMessagesPerS);
  const voice = rate('twilio-calls', config.rates.twilioCallsPerS);
  const email = rate('smtp', config.rates.smtpPerS);
  if (sms) rates.sms = sms;
  if (voice) rates.voice = voice;
  if (email) rates.email = email;
  return { concurrency: { ...config.concurrency }, rates };
}

/** One channel's share of the worker: its own places, claims and wake-up, independent of the others. */
interface Lane {
  name: string;
  filter: ChannelFilter;
  limit: number;
  rate: { provider: string; limit: RateLimit } | undefined;
  inFlight: number;
  /** A claim of this lane is under way (one at a time, or two claims could overshoot its limit). */
  claiming: boolean;
  /** Asked to look again while a claim was under way. */
  again: boolean;
  /** Its last claim found fewer due messages than it had places: a finished send need not look again. */
  drained: boolean;
  /** Set while the lane waits for its provider's next token. */
  wake: NodeJS.Timeout | null;
}

/**
 * Sends what the outbox holds (issue 12 item 1; issue 27 item 7, decision 0069): each channel is a lane
 * with its own places (`concurrency`), paced by its provider's token bucket, that claims due messages
 * of its channel only as places free up, so a channel that hangs or times out holds up no other. Each
 * send's outcome is recorded as soon as that send returns — sent, tried again later with back-off, or
 * failed for good — not gathered with others. A worker killed between a provider's acceptance and that
 * record leaves the claim to run out and the message is sent again: at most one duplicate per message
 * in flight at the kill (the sum of the channels' concurrency), never a loss.
 */
export class DeliveryWorker {
  private readonly lanes: Lane[];
  private readonly buckets = new Map<string, BucketState>();
  /** Sends in flight and lanes waiting for a token: what idle() waits for. */
  private readonly busy = new Set<Promise<unknown>>();

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
      claiming: false,
      again: false,
      drained: false,
      wake: null,
    });
    this.lanes = [
      ...ALERT_CHANNELS.map((c) => lane(c, { in: [c] }, limits.concurrency[c] ?? 1, limits.rates[c])),
      // A row of a channel this build does not know is still claimed, and fails for want of a sender.
      lane('other', { notIn: [...ALERT_CHANNELS] }, 1),
    ];
  }

  /** Most messages one process can have in flight: the most duplicates one kill can cause. */
  get maxInFlight(): number {
    return this.lanes.reduce((sum, l) => sum + l.limit, 0);
  }

  /**
   * Starts sends for due messages in every channel's free places; returns how many it started. It does
   * not wait for them: each lane goes on by itself as its sends return (idle() waits for all of it).
   */
  async runOnce(): Promise<number> {
    const started = await Promise.all(
      this.lanes.map((l) => {
        l.drained = false;
        return this.fill(l);
      }),
    );
    return started.reduce((a, b) => a + b, 0);
  }

  /** Resolves when no send is in flight and no lane waits for a token. */
  async idle(): Promise<void> {
    while (this.busy.size > 0) await Promise.allSettled([...this.busy]);
  }

  /** Claims due messages of the lane's channel for its free places (as far as its provider's rate allows). */
  private async fill(lane: Lane): Promise<number> {
    if (lane.claiming) {
      lane.again = true;
      return 0;
    }
    lane.claiming = true;
    let started = 0;
    try {
      for (;;) {
        lane.again = false;
        const free = lane.limit - lane.inFlight;
        if (free <= 0 || lane.wake) break;
        const wanted = this.tokens(lane, free);
        if (wanted === 0) break;
        const claimed = await this.repo.claim(this.nowS(), wanted, CLAIM_LEASE_S, lane.filter);
        if (lane.rate && claimed.length < wanted) this.giveBack(lane.rate, wanted - claimed.length);
        for (const m of claimed) this.start(lane, m);
        started += claimed.length;
        if (claimed.length < wanted) {
          lane.drained = true;
          if (!lane.again) break;
        }
      }
    } catch (err) {
      // The store failed: the next kick or tick tries again; claims taken stay leased.
      this.onError(err);
    } finally {
      lane.claiming = false;
    }
    return started;
  }

  /** Tokens for up to `free` sends; none: the lane wakes when its provider's next token is there. */
  private tokens(lane: Lane, free: number): number {
    if (!lane.rate) return free;
    const { provider, limit } = lane.rate;
    const now = this.nowMs();
    const taken = takeTokens(this.buckets.get(provider) ?? fullBucket(limit, now), limit, now, free);
    this.buckets.set(provider, taken.state);
    if (taken.granted === 0) {
      let woken!: () => void;
      this.track(new Promise<void>((r) => (woken = r)));
      lane.wake = setTimeout(() => {
        lane.wake = null;
        // Tracked before the wait ends, so that idle() sees no gap between the two.
        this.track(this.fill(lane));
        woken();
      }, taken.waitMs);
    }
    return taken.granted;
  }

  private giveBack(rate: { provider: string; limit: RateLimit }, unused: number): void {
    const state = this.buckets.get(rate.provider);
    if (state) this.buckets.set(rate.provider, returnTokens(state, rate.limit, unused));
  }

  private start(lane: Lane, m: DeliveryMessageRow): void {
    lane.inFlight++;
    this.track(
      this.deliver(m)
        .catch((err: unknown) => this.onError(err))
        .finally(() => {
          lane.inFlight--;
          // A place is free: the next due message of this channel goes now, not at the next tick.
          if (!lane.drained || lane.again) this.track(this.fill(lane));
        }),
    );
  }

  private track(p: Promise<unknown>): void {
    this.busy.add(p);
    void p.finally(() => this.busy.delete(p));
  }

  private async deliver(m: DeliveryMessageRow): Promise<void> {
    const adapter = this.adapters()[m.channel as AlertChannel];
    const outcome = adapter
      ? await adapter.send(outgoing(m)).catch((err: unknown) => ({
          ok: false as const,
          permanent: false,
          error: `error: ${(err as Error).message ?? String(err)}`.slice(0, 300),
        }))
      : { ok: false as const, permanent: true, error: `No ${m.channel} sender is configured.` };
    await this.record(m, verdictOf(outcome, m.attempts, this.random(), this.retryBaseS));
  }

  /**
   * The one place a try's outcome is recorded, as soon as its send returned: sent; tried again later;
   * or failed for good (`verdict.status === 'failed'`: a permanent refusal or the last attempt — the
   * message's final outcome).
   */
  private async record(m: DeliveryMessageRow, verdict: AttemptVerdict): Promise<void> {
    const now = this.nowS();
    if (verdict.status === 'sent')
      await this.repo.finish(m.id, m.attempts, { status: 'sent', providerId: verdict.providerId }, now);
    else if (verdict.status === 'pending')
      await this.repo.finish(
        m.id,
        m.attempts,
        { status: 'pending', error: verdict.error, retryAtTs: now + verdict.retryInS },
        now,
      );
    else await this.repo.finish(m.id, m.attempts, { status: 'failed', error: verdict.error }, now);
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
