/**
 * A master user's (an advisor's) registration on the public /master page (spec doc 1 §2, §7
 * registerMasterUser → activateMasterPhone → confirmMasterMobile → finalizeMasterUser; decision
 * 0104). Pure, so the server's service and the web's stepper follow the same rules; its table is
 * packages/shared/test/masterRegistration.test.ts.
 *
 * A registration is not a user: it waits in its own table until it is finalised, so an unfinished
 * one can never log in, and it lasts REGISTRATION_TTL_S from its start whatever step it reached.
 */

/** Where a registration stands: its details saved, a code sent to its phone, the phone confirmed. */
export const REGISTRATION_STATES = ['registered', 'codeSent', 'phoneConfirmed'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** What may happen to it: a code (again), a right or wrong code, the finalisation. */
export type RegistrationEvent = 'sendCode' | 'codeRight' | 'codeWrong' | 'finalize';

/** The verdict: the next state, `done` (the user exists now), or why not. */
export type RegistrationStep =
  { ok: true; state: RegistrationState | 'done' } | { ok: false; problem: RegistrationProblem };

/**
 * - `expired`: past its lifetime (as if it never was: the username is free again);
 * - `noCode`: a code is confirmed before one was sent;
 * - `alreadyConfirmed`: the phone is confirmed already (status 13, which the page treats as success);
 * - `phoneUnconfirmed`: finalised before the phone was confirmed.
 */
export type RegistrationProblem = 'expired' | 'noCode' | 'alreadyConfirmed' | 'phoneUnconfirmed';

/** A registration lives a day from its start (the SMS may be late; the username is held meanwhile). */
export const REGISTRATION_TTL_S = 24 * 3600;

export function registrationExpired(startedTs: number, nowS: number): boolean {
  return nowS >= startedTs + REGISTRATION_TTL_S;
}

/** The one transition function: the state a registration moves to on an event, or its refusal. */
export function nextRegistrationState(
  state: RegistrationState,
  event: RegistrationEvent,
  expired: boolean,
): RegistrationStep {
  if (expired) return { ok: false, problem: 'expired' };
  switch (event) {
    case 'sendCode':
      // A confirmed phone needs no second code: the number is the one the code went to.
      return state === 'phoneConfirmed'
        ? { ok: false, problem: 'alreadyConfirmed' }
        : { ok: true, state: 'codeSent' };
    case 'codeRight':
    case 'codeWrong':
      if (state === 'registered') return { ok: false, problem: 'noCode' };
      if (state === 'phoneConfirmed') return { ok: false, problem: 'alreadyConfirmed' };
      return { ok: true, state: event === 'codeRight' ? 'phoneConfirmed' : 'codeSent' };
    case 'finalize':
      return state === 'phoneConfirmed'
        ? { ok: true, state: 'done' }
        : { ok: false, problem: 'phoneUnconfirmed' };
  }
}

/** The page's stepper: the step shown for each state (0 details, 1 phone code, 2 finish). */
export const REGISTRATION_STEPS = ['details', 'phone', 'finish'] as const;
export type RegistrationStepName = (typeof REGISTRATION_STEPS)[number];

export function stepOf(state: RegistrationState | null): RegistrationStepName {
  if (state === null) return 'details';
  return state === 'phoneConfirmed' ? 'finish' : 'phone';
}

/**
 * Sending the code again, paced like the account's phone codes (decision 0036): not sooner than
 * RESEND_MIN_S after the last send, at most SENDS_PER_WINDOW sends in SEND_WINDOW_S.
 */
export const RESEND_MIN_S = 30;
export const SEND_WINDOW_S = 3600;
export const SENDS_PER_WINDOW = 5;
/** A code lives ten minutes and allows five wrong tries. */
export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;

export interface SendPacing {
  sentTs: number | null;
  windowStartTs: number | null;
  sendsInWindow: number;
}

/** Seconds to wait before the next send may go out; 0: now. */
export function sendWait(last: SendPacing, nowS: number): number {
  if (last.sentTs === null || last.windowStartTs === null) return 0;
  const gap = last.sentTs + RESEND_MIN_S - nowS;
  const windowOpen = nowS - last.windowStartTs < SEND_WINDOW_S;
  const full = windowOpen && last.sendsInWindow >= SENDS_PER_WINDOW;
  const wait = Math.max(gap, full ? last.windowStartTs + SEND_WINDOW_S - nowS : 0);
  return wait > 0 ? Math.ceil(wait) : 0;
}

/** The pacing after a send made now. */
export function afterSend(last: SendPacing, nowS: number): SendPacing {
  if (last.windowStartTs === null || nowS - last.windowStartTs >= SEND_WINDOW_S)
    return { sentTs: nowS, windowStartTs: nowS, sendsInWindow: 1 };
  return { sentTs: nowS, windowStartTs: last.windowStartTs, sendsInWindow: last.sendsInWindow + 1 };
}
