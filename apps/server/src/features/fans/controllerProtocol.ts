import {
  FC_OFFLINE_AFTER_S,
  FC_POLL_S,
  type PollRequest,
  type PollResponse,
} from '@emberwatch/shared/contracts/fans';
import type { FanState } from '@emberwatch/shared/domain/fans/decideFan';
import type { OfflineRule } from '@emberwatch/shared/domain/fans/offlineRule';
import { ApiError } from '../../http/ApiError.js';
import type { ChannelPatch, ChannelWithController, FanEventRow, FanRepository } from './fan.repository.js';
import { eventOf } from './fanDecider.js';
import { isControllerOffline } from './fanPresenter.js';

type ChannelAnswers = PollResponse['channels'];
/** An operator's test response in the poll's answer (decision 0096): the hook the connections feature fills. */
export type RcTestAnswer = (fcId: string, channels: ChannelAnswers) => Promise<ChannelAnswers>;

/**
 * POST /fc/poll2 (docs/fan-controller-protocol.md): the controller reports what each channel does and
 * gets what each should do. Reports are absolute (mode, output, cumulative counters), so a repeated
 * poll changes nothing more; answers are the whole current truth of every channel, so a controller
 * that lost answers, rebooted or was offline for a week is right again after one poll.
 */
export class ControllerProtocol {
  constructor(
    private readonly repo: FanRepository,
    private readonly nowS: () => number,
    /** A controller came back: decide its channels afresh (its air sensor may have news). */
    private readonly onReconnect: (fcId: string) => void = () => undefined,
    /** What the web shows of it changed (its mode, output, applied revision, a return): fcStat. */
    private readonly onReported: (change: { fcId: string; ownerId: number }) => void = () => undefined,
    /**
     * An operator's test response (decision 0096, the connections feature): given the scheduler's
     * answer, the answer the controller gets — the same unless a test response is on for it.
     */
    private readonly testAnswer: RcTestAnswer = (_fcId, channels) => Promise.resolve(channels),
  ) {}

  async poll(fcId: string, req: PollRequest): Promise<PollResponse> {
    const now = this.nowS();
    const channels = await this.repo.channelsOf(fcId);
    const byChannel = new Map(channels.map((c) => [c.channel, c]));
    const seen = new Set<number>();
    req.channels.forEach((r, i) => {
      if (!byChannel.has(r.channel))
        throw ApiError.invalid(`This controller has no channel ${r.channel}.`, `channels.${i}.channel`);
      if (seen.has(r.channel))
        throw ApiError.invalid('A channel is reported twice.', `channels.${i}.channel`);
      seen.add(r.channel);
    });
    const first = channels[0];
    if (!first) throw ApiError.unauthenticated('Unknown controller or wrong controller secret.');
    // A first poll ever is no return, unless the offline job had already logged the silence.
    const wasOffline =
      isControllerOffline(first, now) && (first.last_poll_ts !== null || first.offline === 1);

    // A poll that repeats the last one changes nothing the web shows: no push every 30 s.
    const visible =
      wasOffline ||
      req.channels.some((r) => {
        const ch = byChannel.get(r.channel) as ChannelWithController;
        return (
          ch.fc_mode !== r.fc_mode || ch.drive !== r.drive || (r.rev != null && r.rev !== ch.applied_rev)
        );
      });

    await this.repo.transaction(async (trx) => {
      await this.repo.updateController(trx, fcId, {
        last_poll_ts: now,
        offline: 0,
        offline_since_ts: null,
        offline_logged: 0,
        ...(req.firmware !== undefined ? { firmware: req.firmware } : {}),
        ...(req.climate ? { climate: JSON.stringify({ ...req.climate, ts: now }) } : {}),
        ...(req.connection ? { connection: JSON.stringify(req.connection) } : {}),
      });
      const events: FanEventRow[] = [];
      for (const r of req.channels) {
        const ch = byChannel.get(r.channel) as ChannelWithController;
        const patch: ChannelPatch = {
          fc_mode: r.fc_mode,
          drive: r.drive,
          applied_rev: r.rev === undefined ? ch.applied_rev : r.rev,
          mode_change_ts: r.fc_mode !== ch.fc_mode ? now : ch.mode_change_ts,
          drive_change_ts: r.drive !== ch.drive ? now : ch.drive_change_ts,
          ...(r.counters
            ? { counter_on: r.counters.on, counter_off: r.counters.off, switches: r.counters.switches }
            : {}),
          ...(r.cycle_secs !== undefined ? { cycle_secs: r.cycle_secs } : {}),
          updated_ts: now,
        };
        await this.repo.updateChannel(trx, fcId, r.channel, patch);
        const state = JSON.parse(ch.state) as FanState;
        const reported = { ...ch, fc_mode: r.fc_mode, cycle_secs: r.cycle_secs ?? ch.cycle_secs };
        // The log notes the controller's return (with how long it ran on its own) and a flipped switch.
        if (wasOffline)
          events.push({
            ...eventOf(reported, ch.command, state, now, 'online'),
            secs: r.offline_secs ?? null,
          });
        else if (ch.fc_mode !== null && ch.fc_mode !== r.fc_mode)
          events.push(eventOf(reported, ch.command, state, now, 'online'));
      }
      await this.repo.insertEvents(trx, events);
    });
    if (wasOffline) this.onReconnect(fcId);
    if (visible) this.onReported({ fcId, ownerId: first.owner_user_id });

    return {
      status_code: 0,
      server_ts: now,
      poll_s: FC_POLL_S,
      offline_after_s: FC_OFFLINE_AFTER_S,
      channels: await this.testAnswer(
        fcId,
        channels.map((ch) => ({
          channel: ch.channel,
          command: ch.command === 1 ? 1 : 0,
          rev: ch.rev,
          manual: ch.is_manual === 1,
          offline_rule: JSON.parse(ch.offline_rule) as OfflineRule,
          next_change: (JSON.parse(ch.state) as FanState).nextChange,
        })),
      ),
    };
  }

  /**
   * The offline job: a controller silent for longer than the limit is marked offline, once, with a
   * line per channel in the event log (connectionStatus.newOfflineLogged). A poll clears it.
   */
  async markSilent(): Promise<string[]> {
    const now = this.nowS();
    const marked: string[] = [];
    const told: { fcId: string; ownerId: number }[] = [];
    for (const c of await this.repo.silentSince(now - FC_OFFLINE_AFTER_S)) {
      const done = await this.repo.transaction(async (trx) => {
        if (!(await this.repo.markOffline(trx, c))) return false;
        const channels = await this.repo.channelsOf(c.id, trx);
        await this.repo.insertEvents(
          trx,
          channels.map((ch) => eventOf(ch, ch.command, JSON.parse(ch.state) as FanState, now, 'offline')),
        );
        return true;
      });
      if (done) {
        marked.push(c.id);
        told.push({ fcId: c.id, ownerId: c.owner_user_id });
      }
    }
    for (const change of told) this.onReported(change);
    return marked;
  }
}
