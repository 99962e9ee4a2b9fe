import { describe, expect, it } from 'vitest';
import type { Plan, Service } from '../../src/contracts/users.js';
import { insightScreen, redirectsToInsight } from '../../src/domain/insight/insightScreen.js';

const NOW = 1_800_000_000;
const plan = (planName: Plan['planName'], planLevel: number, dueDate: number | null = null): Plan => ({
  planName,
  planLevel,
  segment: null,
  dueDate,
  expired: dueDate !== null && dueDate < NOW,
});
const service = (over: Partial<Service> = {}): Service => ({
  plan: 2,
  trial: 1,
  started: NOW - 100,
  period: null,
  expDate: NOW + 86400,
  surveyCompleted: false,
  nextPayment: { date: NOW + 86400, type: 'trial' },
  ...over,
});

describe('insightScreen (spec doc 1 §4, checked in order)', () => {
  const cases: [string, Plan[], Service | null, string | null, string][] = [
    ['old hay plan (level 2), no service: welcome', [plan('Premium', 2, NOW + 999)], null, 'FI', 'welcome'],
    ['old premium (level 3), no service: welcome', [plan('Premium', 3, NOW - 5)], null, 'FI', 'welcome'],
    ['new user, Free plan: welcome', [plan('Free', 0)], null, 'FI', 'welcome'],
    ['new user, no plan: welcome', [], null, 'FI', 'welcome'],
    ['paid level-1 plan, no service: expired', [plan('Premium', 1, NOW + 999)], null, 'FI', 'expired'],
    ['service, survey not done: survey', [plan('Free', 0)], service(), 'FI', 'survey'],
    ['service, survey done: nothing', [plan('Free', 0)], service({ surveyCompleted: true }), 'FI', 'none'],
    [
      'next payment passed, not Australian: expired',
      [plan('Free', 0)],
      service({ nextPayment: { date: NOW - 1, type: 'trial' } }),
      'FI',
      'expired',
    ],
    [
      'next payment passed, Australian: survey (not expired)',
      [plan('Free', 0)],
      service({ nextPayment: { date: NOW - 1, type: 'trial' } }),
      'AU',
      'survey',
    ],
    [
      'next payment passed, country unknown: expired',
      [plan('Free', 0)],
      service({ nextPayment: { date: NOW - 1, type: 'trial' }, surveyCompleted: true }),
      null,
      'expired',
    ],
    [
      'no next payment recorded: not expired',
      [],
      service({ nextPayment: null, surveyCompleted: true }),
      'FI',
      'none',
    ],
  ];
  it.each(cases)('%s', (_name, plans, svc, country, expected) => {
    expect(insightScreen({ plans, service: svc, country, nowS: NOW })).toBe(expected);
  });
});

describe('redirectsToInsight (spec doc 1 §2: non-admins without a service, plan level below 4)', () => {
  type Input = Parameters<typeof redirectsToInsight>[0];
  const base: Input = {
    admin: false,
    master: false,
    subUser: false,
    partnerApp: null,
    plans: [plan('Premium', 2)],
    service: null,
    surveyCompletedState: false,
  };
  const cases: [string, Partial<Input>, boolean][] = [
    ['hay owner without a service', {}, true],
    ['plan level 3', { plans: [plan('Premium', 3)] }, true],
    ['plan level 4 (grain/waste)', { plans: [plan('Grain Supervisor', 4)] }, false],
    ['an admin', { admin: true }, false],
    ['a master', { master: true }, false],
    ['a sub-user', { subUser: true }, false],
    ['a partner-app user', { partnerApp: 'gari' }, false],
    ['with a service', { service: service() }, false],
    ['the navigation says the survey was completed', { surveyCompletedState: true }, false],
    ['no plan at all (no plan level)', { plans: [] }, false],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    expect(redirectsToInsight({ ...base, ...over })).toBe(expected);
  });
});
