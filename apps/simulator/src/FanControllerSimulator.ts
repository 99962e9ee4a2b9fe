import {
  FC_OFFLINE_AFTER_S,
  FC_POLL_S,
  type PollRequest,
  type PollResponse,
} from '@emberwatch/shared/contracts/fans';
import type { FcMode } from '@emberwatch/shared/domain/fans/fanDisplay';
import { offlineCommand, type OfflineRule } from '@emberwatch/shared/domain/fans/offlineRule';

export const POLL_PATH = '/fc/poll2';

export interface FanControllerOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080. */
  url: string;
  fcId: string;
  secret: string;
  channels: number;
  firmware?: string;
  fetch?: typeof fetch;
  /** Epoch ms; tests pass a clock they move. */
  nowMs?: () => number;
  /** The controller's own air sensor at the inlet, if it has one (tenths of °C, %RH). */
  climate?: () => { temperature: number; rh: number } | undefined;
  /**
   * Poll this often (seconds) instead of the server's poll_s: tests and benchmarks that cannot wait
   * half a minute for a command to arrive. A real controller follows poll_s.
   */
  pollEveryS?: number;
}

interface ChannelSim {
  channel: number;
  mode: FcMode;
  /** The output now. */
  drive: 0 | 1;
  /** The server's last command and its revision; null before the first answer. */
  command: 0 | 1;
  rev: number | null;
  offlineRule: OfflineRule | null;
  onS: number;
  offS: number;
  switches: number;
}

export type PollOutcome = 'ok' | 'unauthorized' | 'refused' | 'failed';

/**
 * A fan controller that speaks docs/fan-controller-protocol.md: it polls, applies every channel's
 * command in drive mode, keeps its meters, and without an answer for `offline_after_s` follows the
 * last offline rule it was given, counted from the moment it lost the server. The local mode switch
 * (setMode) overrides the server as a real one does.
 */
export class FanControllerSimulator {
  private readonly chans: ChannelSim[];
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private lastOkMs: number | null = null;
  private lastTickMs: number;
  private offlineAfterS = FC_OFFLINE_AFTER_S;
  pollS = FC_POLL_S;

  constructor(private readonly opts: FanControllerOptions) {
    this.fetchFn = opts.fetch ?? fetch;
    this.now = opts.nowMs ?? Date.now;
    this.lastTickMs = this.now();
    if (opts.pollEveryS !== undefined) this.pollS = opts.pollEveryS;
    this.chans = Array.from({ length: opts.channels }, (_, i) => ({
      channel: i + 1,
      mode: 'drive',
      drive: 0,
      command: 0,
      rev: null,
      offlineRule: null,
      onS: 0,
      offS: 0,
      switches: 0,
    }));
  }

  /** What each channel does now. */
  get outputs(): { channel: number; mode: FcMode; drive: 0 | 1; rev: number | null }[] {
    return this.chans.map((c) => ({ channel: c.channel, mode: c.mode, drive: c.drive, rev: c.rev }));
  }

  /** Whether a channel's fan runs now (the simulated goods it aerates ask this). */
  isOn(channel: number): boolean {
    this.tick();
    return this.chans[channel - 1]?.drive === 1;
  }

  get fcId(): string {
    return this.opts.fcId;
  }

  /** Whether it is running on its offline rule. */
  get offline(): boolean {
    return this.offlineSinceMs() !== null;
  }

  /** The local mode switch of a channel. */
  setMode(channel: number, mode: FcMode): void {
    const c = this.chans[channel - 1];
    if (!c) throw new Error(`no channel ${channel}`);
    this.tick();
    c.mode = mode;
    this.applyOutputs();
  }

  /** Advances the meters and, offline, the offline rule's cycles; call between polls. */
  tick(): void {
    const now = this.now();
    const dt = Math.max(0, (now - this.lastTickMs) / 1000);
    this.lastTickMs = now;
    for (const c of this.chans) {
      if (c.drive === 1) c.onS += dt;
      else c.offS += dt;
    }
    this.applyOutputs();
  }

  /** One poll: report, and on an answer apply it. */
  async pollOnce(): Promise<PollOutcome> {
    this.tick();
    const offlineSince = this.offlineSinceMs();
    const offlineSecs = offlineSince === null ? 0 : Math.round((this.now() - offlineSince) / 1000);
    const climate = this.opts.climate?.();
    const body: PollRequest = {
      ...(this.opts.firmware ? { firmware: this.opts.firmware } : {}),
      channels: this.chans.map((c) => ({
        channel: c.channel,
        fc_mode: c.mode,
        drive: c.drive,
        rev: c.rev,
        counters: { on: Math.round(c.onS), off: Math.round(c.offS), switches: c.switches },
        offline_secs: offlineSecs,
      })),
      ...(climate ? { climate } : {}),
    };
    let res: Response;
    try {
      res = await this.fetchFn(new URL(POLL_PATH, this.opts.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Controller ${this.opts.fcId}:${this.opts.secret}`,
        },
        body: JSON.stringify(body),
      });
    } catch {
      this.tick();
      return 'failed';
    }
    if (res.status === 401) return 'unauthorized';
    if (res.status >= 400 && res.status < 500) return 'refused';
    if (res.status !== 200) return 'failed';
    const answer = (await res.json()) as PollResponse;
    this.lastOkMs = this.now();
    this.pollS = this.opts.pollEveryS ?? answer.poll_s;
    this.offlineAfterS = answer.offline_after_s;
    for (const a of answer.channels) {
      const c = this.chans[a.channel - 1];
      if (!c) continue;
      // Absolute: applying the same answer twice changes nothing.
      c.command = a.command;
      c.rev = a.rev;
      c.offlineRule = a.offline_rule;
    }
    this.applyOutputs();
    return 'ok';
  }

  /** Polls every poll_s until the signal aborts. */
  async run(signal: AbortSignal, onPoll: (outcome: PollOutcome) => void = () => undefined): Promise<void> {
    while (!signal.aborted) {
      onPoll(await this.pollOnce());
      await new Promise<void>((resolve) => {
        // One listener per wait, removed when the wait ends: a run of many polls adds none for good.
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, this.pollS * 1000);
        signal.addEventListener('abort', done);
      });
    }
  }

  /**
   * When the outage began: the last answer plus the grace. One never answered has no rule to follow
   * and keeps its fans off.
   */
  private offlineSinceMs(): number | null {
    if (this.lastOkMs === null) return null;
    const since = this.lastOkMs + this.offlineAfterS * 1000;
    return this.now() >= since ? since : null;
  }

  private applyOutputs(): void {
    const since = this.offlineSinceMs();
    for (const c of this.chans) {
      let want: 0 | 1;
      if (c.mode === 'on') want = 1;
      else if (c.mode === 'off') want = 0;
      else if (since !== null && c.offlineRule)
        want = offlineCommand(c.offlineRule, (this.now() - since) / 1000);
      else want = c.command;
      if (want !== c.drive) {
        c.drive = want;
        c.switches += 1;
      }
    }
  }
}
