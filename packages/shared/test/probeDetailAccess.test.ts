import { describe, expect, it } from 'vitest';
import type { Service } from '../src/contracts/users.js';
import type { RoleContext } from '../src/domain/roles.js';
import { probeDetailAccess, probeDetailTabs } from '../src/domain/probeDetailAccess.js';
import { batteryVolts, rawBatteryCentivolts } from '../src/domain/batteryVolts.js';
import {
  averagePacketsPerDay,
  isAnalysisBatteryLow,
  isAverageOverLimit,
  isDayOverPacketLimit,
} from '../src/domain/probeAnalysis.js';
import { insightService, ownerWith, plan } from './roleFixtures.js';

// No plan and no service: each row adds the one it is about.
const base: RoleContext = ownerWith({ plans: [] });
const service = (trial: number): Service => ({ ...insightService, trial });

// Spec doc 2 §2.4 (who opens the detail), §4 (limited free data, trial −1), §6 (admins still open).
describe('who opens a probe detail', () => {
  it.each<[string, Partial<RoleContext>, boolean, string]>([
    ['an admin', { admin: true }, false, 'open'],
    ['an admin even with limited free data', { admin: true, service: service(-1) }, true, 'open'],
    ['an Insight-service user', { service: service(0) }, false, 'open'],
    ['a premium user with a current plan', { plans: [plan('Premium')] }, false, 'open'],
    ['a premium user whose plan expired', { plans: [plan('Premium', { expired: true })] }, false, 'denied'],
    ['a free user', { plans: [plan('Free')] }, false, 'denied'],
    [
      'a limited free user whose trial was refused',
      { plans: [plan('Free')], service: service(-1) },
      true,
      'limited',
    ],
    ['a user without limited data whose trial was refused', { service: service(-1) }, false, 'open'],
    ['a limited user still in trial', { service: service(2) }, true, 'open'],
  ])('%s → %s', (_who, ctx, limitFreeData, expected) => {
    expect(probeDetailAccess({ ...base, ...ctx }, limitFreeData)).toBe(expected);
  });
});

describe('which tabs the detail shows (spec doc 2 §2.4)', () => {
  it.each<[string, Partial<RoleContext>, string[]]>([
    ['a premium user', { plans: [plan('Premium')] }, ['history', 'properties']],
    ['an Insight user', { service: service(0) }, ['history', 'data', 'properties']],
    ['a supervisor', { plans: [plan('Supervisor')] }, ['history', 'data', 'properties']],
    [
      'a compost supervisor',
      { plans: [plan('Supervisor', { segment: 14 })] },
      ['history', 'data', 'properties'],
    ],
    ['an admin', { admin: true }, ['history', 'data', 'properties', 'regularity']],
    ['an admin who is a master', { admin: true, master: true }, ['history', 'data', 'properties']],
  ])('%s sees %j', (_who, ctx, tabs) => {
    expect(probeDetailTabs({ ...base, ...ctx })).toEqual(tabs);
  });
});

describe('chart battery volts (spec doc 2 §9; decision 0002: stations send centivolts)', () => {
  it('shows centivolts as volts', () => {
    expect(batteryVolts(356)).toBe(3.56);
    expect(batteryVolts(null)).toBeNull();
  });
  it('decodes a legacy raw byte as 2·value + 200 centivolts', () => {
    expect(rawBatteryCentivolts(78)).toBe(356);
  });
});

describe('probe analysis flags (spec doc 2 §9)', () => {
  it('flags a low battery: under 3.40 V, as the probe list does (decision 0017)', () => {
    expect(isAnalysisBatteryLow(339)).toBe(true);
    expect(isAnalysisBatteryLow(355)).toBe(false);
    expect(isAnalysisBatteryLow(null)).toBe(false);
  });
  it('flags a day with 36 packets or more', () => {
    expect(isDayOverPacketLimit({ N: 35 })).toBe(false);
    expect(isDayOverPacketLimit({ N: 36 })).toBe(true);
  });
  it('flags an average over 24 packets per data day', () => {
    expect(averagePacketsPerDay({ N: 72, dataDays: 3 })).toBe(24);
    expect(isAverageOverLimit({ N: 72, dataDays: 3 })).toBe(false);
    expect(isAverageOverLimit({ N: 73, dataDays: 3 })).toBe(true);
    expect(isAverageOverLimit({ N: 0, dataDays: 0 })).toBe(false);
  });
});
