import { describe, expect, it } from 'vitest';
import type { SiteInput, SiteStorage } from '../src/contracts/sites.js';
import {
  checkSitePlan,
  clampSiteExtent,
  completeSitePlan,
  emptySite,
  fitSiteStorage,
  generatedPosition,
  GENERATED_STORAGE,
  newSiteLabel,
} from '../src/domain/sitePlan.js';

const entry = (id: number, over: Partial<SiteStorage> = {}): SiteStorage => ({
  id,
  wid: 2,
  hei: 2,
  floors: 1,
  left: 0,
  top: 0,
  color: '#ffffff',
  isSilo: false,
  ...over,
});
const site = (over: Partial<SiteInput> = {}): SiteInput => ({ ...emptySite('F1'), ...over });

describe('generatedPosition', () => {
  it.each([
    // index, columns, rows → left, top (3 wide, 2 deep, one free cell between)
    [0, 20, 15, 0, 0],
    [1, 20, 15, 4, 0],
    [4, 20, 15, 16, 0],
    [5, 20, 15, 0, 3],
    [0, 3, 2, 0, 0],
    [1, 3, 15, 0, 3],
    [40, 20, 15, 0, 13], // beyond the site: held at the far edge
    [0, 2, 1, 0, 0], // a site smaller than the footprint starts at the corner
  ])('index %i on %ix%i goes to (%i, %i)', (index, columns, rows, left, top) => {
    expect(generatedPosition(index, columns, rows)).toEqual({ left, top });
  });
});

describe('completeSitePlan', () => {
  it('generates every storage of a station with no saved plan, on the default 20 x 15 site', () => {
    const { site: s, generated } = completeSitePlan(null, 'F1', [7, 9]);
    expect(generated).toBe(true);
    expect(s).toMatchObject({ BS_ID: 'F1', columns: 20, rows: 15, labels: [] });
    expect(s.siteStorages).toEqual([
      { id: 7, ...GENERATED_STORAGE, left: 0, top: 0 },
      { id: 9, ...GENERATED_STORAGE, left: 4, top: 0 },
    ]);
  });

  it('keeps saved entries, drops those of deleted storages and places the new ones by index', () => {
    const saved = site({ siteStorages: [entry(1, { left: 10 }), entry(2), entry(3, { top: 5 })] });
    const { site: s, generated } = completeSitePlan(saved, 'F1', [3, 1, 8]);
    expect(generated).toBe(true);
    expect(s.siteStorages.map((e) => [e.id, e.left, e.top])).toEqual([
      [1, 10, 0],
      [3, 0, 5],
      [8, 0, 0],
    ]);
  });

  it('is not generated when the saved plan has every storage', () => {
    const saved = site({ siteStorages: [entry(1)] });
    expect(completeSitePlan(saved, 'F1', [1])).toEqual({ site: saved, generated: false });
  });

  it('drops every entry when the station has no storages left', () => {
    const { site: s, generated } = completeSitePlan(site({ siteStorages: [entry(1)] }), 'F1', []);
    expect(s.siteStorages).toEqual([]);
    expect(generated).toBe(false);
  });
});

describe('checkSitePlan', () => {
  it.each<[string, Partial<SiteInput>, string | null]>([
    ['a valid plan', { siteStorages: [entry(1, { left: 18, top: 13 })] }, null],
    ['a storage at the far edge', { siteStorages: [entry(1, { wid: 10, left: 10 })] }, null],
    ['a storage past the right edge', { siteStorages: [entry(1, { left: 19 })] }, 'does not fit'],
    ['a storage past the bottom edge', { siteStorages: [entry(1, { top: 14 })] }, 'does not fit'],
    ['a silo 1 wide', { siteStorages: [entry(1, { wid: 1, isSilo: true })] }, 'at least 2'],
    ['a silo 2 wide', { siteStorages: [entry(1, { wid: 2, isSilo: true })] }, null],
    [
      'a silo as deep as it is wide',
      { siteStorages: [entry(1, { wid: 4, hei: 1, top: 12, isSilo: true })] },
      'does not fit',
    ],
    ['a storage twice', { siteStorages: [entry(1), entry(1, { left: 5 })] }, 'twice'],
    ['7 floors', { siteStorages: [entry(1, { floors: 7 })] }, '1 to 6 floors'],
    ['6 deep', { siteStorages: [entry(1, { hei: 6 })] }, '1 to 5 deep'],
    ['a label at the centre', { labels: [newSiteLabel(emptySite('F1'), '#000000')] }, null],
    ['a label outside', { labels: [{ ...newSiteLabel(emptySite('F1'), '#000'), left: 21 }] }, 'outside'],
    ['elevation 11', { labels: [{ ...newSiteLabel(emptySite('F1'), '#000'), elevation: 11 }] }, '1 to 10'],
    ['elevation 0', { labels: [{ ...newSiteLabel(emptySite('F1'), '#000'), elevation: 0 }] }, '1 to 10'],
  ])('%s', (_name, over, problem) => {
    const result = checkSitePlan(site(over));
    if (problem === null) expect(result).toBeNull();
    else expect(result?.message).toContain(problem);
  });
});

describe('newSiteLabel', () => {
  it('reads "New label" at the centre, elevation 3, with the next id', () => {
    const s = site({ columns: 10, rows: 5, labels: [{ ...newSiteLabel(emptySite('F1'), '#000'), id: '4' }] });
    expect(newSiteLabel(s, '#123456')).toEqual({
      id: '5',
      text: 'New label',
      left: 5,
      top: 2.5,
      elevation: 3,
      color: '#123456',
    });
  });
});

describe('clampSiteExtent', () => {
  it.each([
    [0, 1],
    [1, 1],
    [20, 20],
    [100, 100],
    [101, 100],
    [7.6, 8],
  ])('%d → %d', (n, expected) => {
    expect(clampSiteExtent(n)).toBe(expected);
  });
});

describe('fitSiteStorage', () => {
  it.each<[string, Partial<SiteStorage>, number, number, Partial<SiteStorage>]>([
    ['an entry that fits stays', { left: 3, top: 4 }, 20, 15, { left: 3, top: 4 }],
    ['moved in when the site shrinks', { left: 18, top: 13 }, 10, 8, { left: 8, top: 6 }],
    ['a silo held at 2 wide', { wid: 1, isSilo: true }, 20, 15, { wid: 2 }],
    ['a silo kept as deep as wide', { wid: 4, top: 12, isSilo: true }, 20, 15, { top: 11 }],
    ['too wide for a narrow site', { wid: 8 }, 5, 15, { wid: 5, left: 0 }],
    ['size ranges', { wid: 12, hei: 9, floors: 9 }, 20, 15, { wid: 10, hei: 5, floors: 6 }],
    ['no negative place', { left: -2, top: -1, floors: 0 }, 20, 15, { left: 0, top: 0, floors: 1 }],
  ])('%s', (_name, over, columns, rows, expected) => {
    const fitted = fitSiteStorage(entry(1, over), columns, rows);
    expect(fitted).toMatchObject(expected);
    expect(checkSitePlan(site({ columns, rows, siteStorages: [fitted] }))).toBeNull();
  });
});
