import { describe, expect, it } from 'vitest';
import {
  activationCodeProblem,
  activationOutcome,
  activationViewOf,
  formatActivationCode,
  mayActivateKits,
  normalizeActivationCode,
  probeActivationOpensByItself,
} from '../../src/domain/activation/index.js';

// Spec doc 1 §5 "Probe activation code: required (act_code_req), minimum length 2"; doc 2 §5.
describe('activationCodeProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['A', 'tooShort'],
    [' A ', 'tooShort'],
    ['AB', null],
    ['SYS1-DEM0-7K2Q', null],
    ['A'.repeat(64), null],
    ['A'.repeat(65), 'tooLong'],
  ] as const)('%j → %s', (input, problem) => {
    expect(activationCodeProblem(input)).toBe(problem);
  });
});

describe('normalizeActivationCode and formatActivationCode', () => {
  it.each([
    ['sys1-dem0-7k2q', 'SYS1DEM07K2Q', 'SYS1-DEM0-7K2Q'],
    [' SYS1 DEMO 7K2Q ', 'SYS1DEM07K2Q', 'SYS1-DEM0-7K2Q'],
    ['SYSl_DEM0.7K2Q', 'SYS1DEM07K2Q', 'SYS1-DEM0-7K2Q'],
    ['ioIO', '1010', '1010'],
    ['abcde', 'ABCDE', 'ABCD-E'],
  ])('%j → %s, printed %s', (input, normal, printed) => {
    expect(normalizeActivationCode(input)).toBe(normal);
    expect(formatActivationCode(input)).toBe(printed);
  });
});

// Spec doc 1 §8 "Probe activation status", doc 2 §8 "Activation".
describe('activationOutcome', () => {
  it.each([
    [0, 'ok'],
    [2, 'codeNotCorrect'],
    [3, 'alreadyActive'],
    [22, 'gariOnly'],
    [1, 'serverError'],
    [500, 'serverError'],
    [null, 'serverError'],
    [undefined, 'serverError'],
  ] as const)('%s → %s', (status, outcome) => {
    expect(activationOutcome(status)).toBe(outcome);
  });
});

const role = (r: Partial<{ admin: boolean; master: boolean; subUser: boolean; siteindex: boolean }>) => ({
  admin: false,
  master: false,
  subUser: false,
  siteindex: false,
  ...r,
});

describe('mayActivateKits', () => {
  it.each([
    ['an account owner', role({}), true],
    ['an admin', role({ admin: true }), true],
    ['a sub-user', role({ subUser: true }), false],
    ['a master', role({ master: true }), false],
    ['a demo-mode user', { ...role({}), demo: true }, false],
    ['an admin in demo mode', { ...role({ admin: true }), demo: true }, true],
  ])('%s → %s', (_who, r, may) => {
    expect(mayActivateKits(r)).toBe(may);
  });
});

// Spec doc 1 §2 "Probe activation dialog … opens for a regular non-admin, non-master, non-siteindex user
// whose sensor configuration is empty, or when an activation code2 is present or navigation state says
// activation."
describe('probeActivationOpensByItself', () => {
  const base = { role: role({}), sensorCount: 0, hasStation: true, code2: null, stateSaysActivation: false };
  it.each([
    ['a regular user with no probes', {}, true],
    ['a regular user with probes', { sensorCount: 5 }, false],
    ['while the configuration loads', { sensorCount: null }, false],
    ['an admin with no probes', { role: role({ admin: true }) }, false],
    ['a master with no probes', { role: role({ master: true }) }, false],
    ['a siteindex user with no probes', { role: role({ siteindex: true }) }, false],
    ['a sub-user with no probes (may not activate)', { role: role({ subUser: true }) }, false],
    ['a code2 in the address, with probes', { sensorCount: 5, code2: 'PRB1' }, true],
    ['a code2 for an admin', { role: role({ admin: true }), sensorCount: 5, code2: 'PRB1' }, true],
    ['an empty code2', { sensorCount: 5, code2: ' ' }, false],
    ['navigation state says activation', { sensorCount: 5, stateSaysActivation: true }, true],
    ['a code2 for a sub-user', { role: role({ subUser: true }), code2: 'PRB1' }, false],
    ['no station yet', { hasStation: false, code2: 'PRB1' }, false],
    ['a demo-mode user with no probes', { role: { ...role({}), demo: true } }, false],
  ] as const)('%s → %s', (_case, over, opens) => {
    expect(probeActivationOpensByItself({ ...base, ...over })).toBe(opens);
  });
});

// Spec doc 1 §2 routes.
describe('activationViewOf', () => {
  it.each([
    ['/activation/system', '', 'system', ''],
    ['/activation/system', '?code1=SYS1', 'system', 'SYS1'],
    ['/activation', '?code1=SYS1-DEM0', 'system', 'SYS1-DEM0'],
    ['/activation', '?code2=PRB1', 'probes', 'PRB1'],
    ['/activation/probes', '', 'probes', ''],
    ['/activation/probes/', '?code2=X9', 'probes', 'X9'],
    ['/activation', '', 'choose', ''],
    ['/activation/', '?other=1', 'choose', ''],
  ] as const)('%s%s → %s %j', (path, search, view, code) => {
    expect(activationViewOf(path, search)).toEqual({ view, code });
  });
});
