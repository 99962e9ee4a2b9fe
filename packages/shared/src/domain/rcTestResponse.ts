/**
 * RC test responses (issue 30 item 7, decision 0096): a technician in the field makes a fan
 * controller do what they ask on its next polls, whatever the scheduler decides. A test response is
 * set per controller (one channel or all), switched on per controller, and ends by itself: after its
 * first answer (`once`) or when its minutes have run out, counted from when it was switched on.
 */

/** How long a timed test response may run: a forgotten test must not drive a fan for days. */
export const RC_TEST_MAX_MINUTES = 240;
export const RC_TEST_DEFAULT_MINUTES = 30;

/** A controller's stored test response, as the rules read it. */
export interface RcTestResponseRule {
  /** The channel it drives, or null: every channel. */
  channel: number | null;
  command: 0 | 1;
  /** Answered on one poll only, then used up. */
  once: boolean;
  enabled: boolean;
  /** Epoch s when it stops answering (set when it is switched on), or null while off. */
  expiresTs: number | null;
  /** Epoch s of the first poll it answered since it was switched on, or null. */
  answeredTs: number | null;
}

/**
 * - `off`: switched off (or never on);
 * - `armed`: the next poll gets it;
 * - `used`: a one-shot response that has answered its poll;
 * - `expired`: its minutes ran out.
 */
export const RC_TEST_STATES = ['off', 'armed', 'used', 'expired'] as const;
export type RcTestState = (typeof RC_TEST_STATES)[number];

export function rcTestState(t: RcTestResponseRule, nowS: number): RcTestState {
  if (!t.enabled) return 'off';
  if (t.once && t.answeredTs !== null) return 'used';
  if (t.expiresTs === null || nowS >= t.expiresTs) return 'expired';
  return 'armed';
}

/** One channel of a poll's answer, as far as a test response changes it. */
export interface ChannelAnswer {
  channel: number;
  command: 0 | 1;
  manual: boolean;
}

/**
 * The poll's answer with an armed test response applied: its channel (or every channel) gets the
 * test's command, marked `test`; the others, and every channel when the test is not armed, keep the
 * scheduler's. The revision and the offline rule are the scheduler's: a controller that loses the
 * server during a test falls back to what its channel would do anyway.
 */
export function applyRcTest<A extends ChannelAnswer>(
  answers: readonly A[],
  test: RcTestResponseRule | null,
  nowS: number,
): (A & { test?: true })[] {
  if (test === null || rcTestState(test, nowS) !== 'armed') return [...answers];
  return answers.map((a) =>
    test.channel === null || test.channel === a.channel
      ? { ...a, command: test.command, manual: true, test: true as const }
      : a,
  );
}

/** Whether a test response for `channel` fits a controller with `channels` channels. */
export function rcTestChannelFits(channel: number | null, channels: number): boolean {
  return channel === null || (channel >= 1 && channel <= channels);
}
