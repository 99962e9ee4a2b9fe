import { describe, expect, it } from 'vitest';
import {
  expiredTerms,
  MAX_SERVICE_SPAN_S,
  replacedBy,
  serviceProblem,
  type ServiceKind,
  type ServiceTerm,
} from '../src/domain/services.js';

const NOW = 1_800_000_000;

describe('serviceProblem', () => {
  const cases: [ServiceKind, number, number | null, ReturnType<typeof serviceProblem>][] = [
    ['storages', 1, null, null],
    ['storages', 0, NOW + 1, null],
    ['storages', 2, null, 'value'],
    ['storages', -1, null, 'value'],
    ['limitedData', 1, null, null],
    ['limitedData', 0.5, null, 'value'],
    ['subUsers', 0, null, null],
    ['subUsers', 50, null, null],
    ['subUsers', 51, null, 'value'],
    ['subUsers', 3, NOW, 'untilPast'],
    ['subUsers', 3, NOW - 1, 'untilPast'],
    ['subUsers', 3, NOW + MAX_SERVICE_SPAN_S, null],
    ['subUsers', 3, NOW + MAX_SERVICE_SPAN_S + 1, 'untilFar'],
    // The value is checked before the date.
    ['storages', 7, NOW - 1, 'value'],
  ];
  it.each(cases)('%s = %s until %s: %s', (kind, value, until, problem) => {
    expect(serviceProblem(kind, value, until, NOW)).toBe(problem);
  });
});

const term = (
  id: number,
  kind: ServiceKind,
  untilTs: number | null,
  endedTs: number | null = null,
): ServiceTerm => ({
  id,
  kind,
  value: 1,
  untilTs,
  endedTs,
});

describe('replacedBy', () => {
  it.each([
    [[], 'storages', []],
    [[term(1, 'storages', null)], 'storages', [1]],
    [[term(1, 'storages', null, NOW - 5)], 'storages', []],
    [[term(1, 'storages', null), term(2, 'subUsers', null)], 'subUsers', [2]],
  ] as [ServiceTerm[], ServiceKind, number[]][])('%j replaced by %s: %j', (running, kind, ids) => {
    expect(replacedBy(running, kind)).toEqual(ids);
  });
});

describe('expiredTerms', () => {
  it.each([
    ['no end', [term(1, 'storages', null)], []],
    ['ends later', [term(1, 'storages', NOW + 1)], []],
    ['ends now', [term(1, 'storages', NOW)], [{ id: 1, kind: 'storages', value: 0 }]],
    ['ended already', [term(1, 'storages', NOW - 10, NOW - 5)], []],
    ['users back to two', [term(2, 'subUsers', NOW - 1)], [{ id: 2, kind: 'subUsers', value: 2 }]],
    ['full history back', [term(3, 'limitedData', NOW - 1)], [{ id: 3, kind: 'limitedData', value: 0 }]],
  ] as [string, ServiceTerm[], unknown[]][])('%s', (_name, terms, ended) => {
    expect(expiredTerms(terms, NOW)).toEqual(ended);
  });
});
