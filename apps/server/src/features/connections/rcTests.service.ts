import {
  RC_TEST_LOG_LIMIT,
  type RcTest,
  type RcTestLogEntry,
  type RcUnit,
} from '@emberwatch/shared/contracts/connections';
import { FC_OFFLINE_AFTER_S, type PollResponse } from '@emberwatch/shared/contracts/fans';
import { fieldSystemStatus } from '@emberwatch/shared/domain/fieldSystems';
import {
  applyRcTest,
  rcTestChannelFits,
  rcTestState,
  type RcTestResponseRule,
} from '@emberwatch/shared/domain/rcTestResponse';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { ConnectionsRepository, TestLogRow, TestRow } from './connections.repository.js';

const ruleOf = (t: Omit<TestRow, 'set_by'>): RcTestResponseRule => ({
  channel: t.channel,
  command: t.command === 1 ? 1 : 0,
  once: t.once === 1,
  enabled: t.enabled === 1,
  expiresTs: t.expires_ts,
  answeredTs: t.answered_ts,
});

export function presentTest(t: TestRow, nowS: number): RcTest {
  const rule = ruleOf(t);
  return {
    FC_ID: t.fc_id,
    channel: t.channel,
    command: rule.command,
    once: rule.once,
    minutes: t.minutes,
    enabled: rule.enabled,
    state: rcTestState(rule, nowS),
    enabled_ts: t.enabled_ts,
    expires_ts: t.expires_ts,
    answered_ts: t.answered_ts,
    answers: t.answers,
    set_ts: t.set_ts,
    set_by: t.set_by,
  };
}

/** Rows by their controller, in order. */
export function groupByController<R extends { fc_id: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const list = out.get(r.fc_id) ?? [];
    list.push(r);
    out.set(r.fc_id, list);
  }
  return out;
}

const presentLog = (l: TestLogRow): RcTestLogEntry => ({
  id: l.id,
  FC_ID: l.fc_id,
  ts: l.ts,
  kind: l.kind as RcTestLogEntry['kind'],
  channel: l.channel,
  command: l.command,
  by: l.by,
});

/**
 * RC test responses (/rctest_, decision 0096): an operator sets the command a controller gets on its
 * polls instead of the scheduler's, switches it on for its minutes (or one poll), and the fans
 * feature's poll asks `answer` (the hook in its ControllerProtocol). Every change and every answered
 * poll is in the controller's test log; the writes are in the audit trail too (route()).
 */
export class RcTestsService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly nowS: () => number,
  ) {}

  async list(actor: Actor): Promise<RcUnit[]> {
    assertOperator(actor, 'rcTests');
    const now = this.nowS();
    const [controllers, channels, tests] = await Promise.all([
      this.repo.controllers(),
      this.repo.channels(),
      this.repo.tests(),
    ]);
    const testOf = new Map(tests.map((t) => [t.fc_id, t]));
    const channelsOf = groupByController(channels);
    return controllers.map((c) => {
      const test = testOf.get(c.id);
      return {
        FC_ID: c.id,
        type: c.type === 'FC' ? 'FC' : 'RC',
        name: c.name,
        UID: c.owner_user_id,
        owner: c.username,
        channels: c.channels,
        firmware: c.firmware,
        last_poll_ts: c.last_poll_ts,
        status: fieldSystemStatus(
          { lastPollTs: c.last_poll_ts, offline: c.offline === 1 },
          now,
          FC_OFFLINE_AFTER_S,
        ),
        modes: (channelsOf.get(c.id) ?? []).map((ch) => ({
          channel: ch.channel,
          name: ch.name,
          fc_mode: ch.fc_mode,
          command: ch.command,
          is_manual: ch.is_manual === 1,
          in_use: ch.in_use,
        })),
        test: test ? presentTest(test, now) : null,
      };
    });
  }

  async enabled(actor: Actor, q: { fc_id?: string }): Promise<{ results: RcTest[]; log: RcTestLogEntry[] }> {
    assertOperator(actor, 'rcTests');
    const now = this.nowS();
    const tests = await this.repo.tests(q.fc_id);
    const log = q.fc_id ? await this.repo.logOf(q.fc_id, RC_TEST_LOG_LIMIT) : [];
    return { results: tests.map((t) => presentTest(t, now)), log: log.map(presentLog) };
  }

  private async controller(fcId: string) {
    const [c] = await this.repo.controllers(fcId);
    if (!c) throw ApiError.notFound('There is no fan controller with this id.');
    return c;
  }

  private async current(fcId: string): Promise<RcTest> {
    const [t] = await this.repo.tests(fcId);
    if (!t) throw ApiError.notFound('There is no fan controller with this id.');
    return presentTest(t, this.nowS());
  }

  /**
   * Sets (or replaces) the test response. It keeps its switch: a response changed while on answers
   * the next poll with the new command, its minutes counted afresh from now.
   */
  async set(
    actor: Actor,
    body: { fc_id: string; channel: number | null; command: 0 | 1; once: boolean; minutes: number },
  ): Promise<RcTest> {
    assertOperator(actor, 'rcTestResponses');
    const c = await this.controller(body.fc_id);
    if (!rcTestChannelFits(body.channel, c.channels))
      throw ApiError.invalid(`This controller has no channel ${body.channel}.`, 'channel');
    const now = this.nowS();
    const [old] = await this.repo.tests(body.fc_id);
    const enabled = old?.enabled === 1;
    await this.repo.saveTest({
      fc_id: body.fc_id,
      channel: body.channel,
      command: body.command,
      once: body.once ? 1 : 0,
      minutes: body.minutes,
      enabled: enabled ? 1 : 0,
      enabled_ts: enabled ? now : null,
      expires_ts: enabled ? now + body.minutes * 60 : null,
      answered_ts: null,
      answers: 0,
      set_ts: now,
      set_by_user_id: actor.user.id,
    });
    await this.repo.log({
      fc_id: body.fc_id,
      ts: now,
      kind: 'set',
      channel: body.channel,
      command: body.command,
      by_user_id: actor.user.id,
    });
    return this.current(body.fc_id);
  }

  /** Switched on: armed for its minutes from now (a one-shot one for its next poll within them). */
  async setEnabled(actor: Actor, body: { fc_id: string; enabled: boolean }): Promise<RcTest> {
    assertOperator(actor, 'rcTestResponses');
    await this.controller(body.fc_id);
    const [t] = await this.repo.tests(body.fc_id);
    if (!t) throw new ApiError(409, 'Set a test response for this controller first.', 409);
    const now = this.nowS();
    await this.repo.updateTest(
      body.fc_id,
      body.enabled
        ? { enabled: 1, enabled_ts: now, expires_ts: now + t.minutes * 60, answered_ts: null, answers: 0 }
        : { enabled: 0 },
    );
    await this.repo.log({
      fc_id: body.fc_id,
      ts: now,
      kind: body.enabled ? 'enabled' : 'disabled',
      channel: t.channel,
      command: t.command,
      by_user_id: actor.user.id,
    });
    return this.current(body.fc_id);
  }

  /**
   * The fans feature's poll asks this (its RcTestAnswer hook): the scheduler's answer, or — while the
   * controller's test response is armed — the test's command, recorded in its log.
   */
  async answer(fcId: string, channels: PollResponse['channels']): Promise<PollResponse['channels']> {
    // Every poll asks: one narrow read, found only while a test is switched on.
    const t = await this.repo.enabledTest(fcId);
    if (!t) return channels;
    const now = this.nowS();
    const rule = ruleOf(t);
    if (rcTestState(rule, now) !== 'armed') return channels;
    await this.repo.answered(fcId, now);
    await this.repo.log({
      fc_id: fcId,
      ts: now,
      kind: 'answered',
      channel: t.channel,
      command: t.command,
      by_user_id: null,
    });
    return applyRcTest(channels, rule, now);
  }
}
