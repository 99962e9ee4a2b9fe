import { describe, expect, it } from 'vitest';
import {
  isCurrentReading,
  maySeeSiteIndex,
  rankSites,
  siteFreshness,
  siteMatches,
  type RankableSite,
  type SiteSortKey,
} from '../src/domain/siteIndex.js';

const NOW = 1_800_000_000;
const H = 3600;
const D = 86_400;

// Spec doc 2 §9 "Stale over 24 h highlighted; over 7 days not available" (decision 0105).
describe('siteFreshness', () => {
  it.each([
    ['no reading ever', null, 'noData'],
    ['a minute old', NOW - 60, 'fresh'],
    ['exactly 24 h old', NOW - D, 'fresh'],
    ['24 h and a second', NOW - D - 1, 'over24h'],
    ['three days old', NOW - 3 * D, 'over24h'],
    ['exactly 7 days old', NOW - 7 * D, 'over24h'],
    ['7 days and a second', NOW - 7 * D - 1, 'notAvailable'],
    ['a month old', NOW - 30 * D, 'notAvailable'],
    ['from the future (a station clock ahead)', NOW + H, 'fresh'],
  ] as const)('%s: %s', (_what, ts, expected) => {
    expect(siteFreshness(ts, NOW)).toBe(expected);
  });

  it('counts a reading as a temperature now up to 7 days, not after', () => {
    expect(isCurrentReading(NOW - 7 * D, NOW)).toBe(true);
    expect(isCurrentReading(NOW - 7 * D - 1, NOW)).toBe(false);
  });
});

// Spec doc 1 §2 "siteindex: master users, or users with a siteindex flag and more than one base station".
describe('maySeeSiteIndex', () => {
  it.each([
    [{ master: true, siteindex: false, bsCount: 0 }, true],
    [{ master: false, siteindex: true, bsCount: 2 }, true],
    [{ master: false, siteindex: true, bsCount: 1 }, false],
    [{ master: false, siteindex: false, bsCount: 9 }, false],
  ])('%o: %s', (ctx, expected) => {
    expect(maySeeSiteIndex(ctx)).toBe(expected);
  });
});

describe('rankSites', () => {
  const site = (name: string, farmName: string, hottest: number | null, openAlerts = 0): RankableSite => ({
    name,
    farmName,
    hottest,
    openAlerts,
  });
  const sites = [
    site('Barn 2', 'Adams', 412),
    site('Silo', 'Brown', null, 1),
    site('Barn 10', 'Adams', 655),
    site('Yard', 'Clark', 412, 3),
    site('Old', 'Adams', null),
  ];
  const order = (key: SiteSortKey) => rankSites(sites, key).map((s) => `${s.farmName}/${s.name}`);

  it('puts the hottest first and sites without a current temperature last (the default)', () => {
    expect(order('hottest')).toEqual([
      'Adams/Barn 10',
      'Adams/Barn 2',
      'Clark/Yard',
      'Adams/Old',
      'Brown/Silo',
    ]);
  });

  it('puts the most open alerts first, then the hottest', () => {
    expect(order('alerts')).toEqual([
      'Clark/Yard',
      'Brown/Silo',
      'Adams/Barn 10',
      'Adams/Barn 2',
      'Adams/Old',
    ]);
  });

  it('orders by farm, then site, numbers as numbers', () => {
    expect(order('name')).toEqual(['Adams/Barn 2', 'Adams/Barn 10', 'Adams/Old', 'Brown/Silo', 'Clark/Yard']);
  });

  it('leaves the input as it was', () => {
    rankSites(sites, 'name');
    expect(sites[0]!.name).toBe('Barn 2');
  });
});

describe('siteMatches', () => {
  const s = { name: 'North barns', farmName: 'Adams Farm', bsId: 'F1000002' };
  it.each([
    ['', true],
    ['  ', true],
    ['north', true],
    ['ADAMS', true],
    ['f1000', true],
    ['south', false],
  ])('%j: %s', (text, expected) => {
    expect(siteMatches(s, text)).toBe(expected);
  });
});
