import { describe, expect, it } from 'vitest';
import {
  afterSend,
  nextRegistrationState,
  REGISTRATION_STATES,
  REGISTRATION_TTL_S,
  registrationExpired,
  sendWait,
  stepOf,
  type RegistrationEvent,
} from '../src/domain/masterUsers/masterRegistration.js';

const EVENTS: RegistrationEvent[] = ['sendCode', 'codeWrong', 'codeRight', 'finalize'];
const show = (s: ReturnType<typeof nextRegistrationState>) => (s.ok ? s.state : `!${s.problem}`);

// Decision 0104: the registration's state machine, every state against every event.
describe('a master registration', () => {
  it('moves as the table says', () => {
    const table = Object.fromEntries(
      REGISTRATION_STATES.map((state) => [
        state,
        Object.fromEntries(EVENTS.map((e) => [e, show(nextRegistrationState(state, e, false))])),
      ]),
    );
    expect(table).toEqual({
      registered: {
        sendCode: 'codeSent',
        codeWrong: '!noCode',
        codeRight: '!noCode',
        finalize: '!phoneUnconfirmed',
      },
      codeSent: {
        sendCode: 'codeSent',
        codeWrong: 'codeSent',
        codeRight: 'phoneConfirmed',
        finalize: '!phoneUnconfirmed',
      },
      phoneConfirmed: {
        sendCode: '!alreadyConfirmed',
        codeWrong: '!alreadyConfirmed',
        codeRight: '!alreadyConfirmed',
        finalize: 'done',
      },
    });
  });

  it('refuses everything once expired, from its start, whatever step it reached', () => {
    for (const state of REGISTRATION_STATES)
      for (const e of EVENTS) expect(show(nextRegistrationState(state, e, true))).toBe('!expired');
    expect(registrationExpired(1000, 1000 + REGISTRATION_TTL_S - 1)).toBe(false);
    expect(registrationExpired(1000, 1000 + REGISTRATION_TTL_S)).toBe(true);
  });

  it('shows the stepper’s step for each state', () => {
    expect([null, ...REGISTRATION_STATES].map(stepOf)).toEqual(['details', 'phone', 'phone', 'finish']);
  });

  it('paces the codes: 30 s apart, five an hour', () => {
    const none = { sentTs: null, windowStartTs: null, sendsInWindow: 0 };
    expect(sendWait(none, 0)).toBe(0);
    let p = afterSend(none, 0);
    expect(p).toEqual({ sentTs: 0, windowStartTs: 0, sendsInWindow: 1 });
    expect(sendWait(p, 10)).toBe(20);
    expect(sendWait(p, 30)).toBe(0);
    for (const at of [30, 60, 90, 120]) p = afterSend(p, at);
    expect(p.sendsInWindow).toBe(5);
    // The window is full until an hour after its first send.
    expect(sendWait(p, 200)).toBe(3400);
    expect(sendWait(p, 3600)).toBe(0);
    expect(afterSend(p, 3600)).toEqual({ sentTs: 3600, windowStartTs: 3600, sendsInWindow: 1 });
  });
});
