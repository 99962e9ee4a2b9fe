import { describe, expect, it } from 'vitest';
import type { SiteInput, SiteLabel, SiteStorage } from '../src/contracts/sites.js';
import { SEGMENT_WASTE, type RoleContext } from '../src/domain/roles.js';
import {
  changeSiteLabel,
  changeSiteStorage,
  completeSitePlan,
  emptySite,
  fitSiteLabel,
  maySeeSiteToggle,
  mayEditSite,
  monitorsToggleEnabled,
  nextExpanded,
  resizeSite,
  siteLabelRanges,
  siteStorageRanges,
  storageListNotice,
  unplacedSiteStorageIds,
} from '../src/domain/sitePlan.js';
import { insightService, ownerWith as ctx, plan } from './roleFixtures.js';

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
const label = (over: Partial<SiteLabel> = {}): SiteLabel => ({
  id: '1',
  text: 'Gate',
  left: 5,
  top: 5,
  elevation: 3,
  color: '#000000',
  ...over,
});
const site = (over: Partial<SiteInput> = {}): SiteInput => ({ ...emptySite('F1'), ...over });

describe('siteStorageRanges (spec doc 3 §5 "Site")', () => {
  it.each([
    // what, entry, columns x rows → wid, hei, left max, top max
    ['a building on 20 x 15', entry(1, { wid: 3, hei: 2 }), 20, 15, [1, 10], [1, 5], 17, 13],
    [
      'a silo is at least 2 wide and has no depth',
      entry(1, { wid: 4, isSilo: true }),
      20,
      15,
      [2, 10],
      null,
      16,
      11,
    ],
    ['a small site caps the sizes', entry(1, { wid: 2, hei: 2 }), 3, 2, [1, 3], [1, 2], 1, 0],
    [
      'a site as big as the storage leaves no room to move',
      entry(1, { wid: 10, hei: 5 }),
      10,
      5,
      [1, 10],
      [1, 5],
      0,
      0,
    ],
    ['the largest site', entry(1, { wid: 1, hei: 1 }), 100, 100, [1, 10], [1, 5], 99, 99],
  ] as const)('%s', (_what, s, columns, rows, wid, hei, leftMax, topMax) => {
    const r = siteStorageRanges(s, { columns, rows });
    expect([r.wid.min, r.wid.max]).toEqual(wid);
    expect(r.hei && [r.hei.min, r.hei.max]).toEqual(hei);
    expect(r.floors).toEqual({ min: 1, max: 6 });
    expect(r.left).toEqual({ min: 0, max: leftMax });
    expect(r.top).toEqual({ min: 0, max: topMax });
  });
});

describe('siteLabelRanges and fitSiteLabel', () => {
  it('offers the whole site and elevations 1-10', () => {
    expect(siteLabelRanges({ columns: 20, rows: 15 })).toEqual({
      left: { min: 0, max: 20 },
      top: { min: 0, max: 15 },
      elevation: { min: 1, max: 10 },
    });
  });
  it.each([
    // label change → left, top, elevation on 20 x 15
    [{}, 5, 5, 3],
    [{ left: 25, top: -1 }, 20, 0, 3],
    [{ elevation: 0 }, 5, 5, 1],
    [{ elevation: 11 }, 5, 5, 10],
    [{ elevation: 2.6 }, 5, 5, 3],
  ])('%o is held at (%d, %d), elevation %d', (over, left, top, elevation) => {
    expect(fitSiteLabel(label(over), 20, 15)).toMatchObject({ left, top, elevation });
  });
});

describe('resizeSite', () => {
  it.each([
    // columns, rows asked → columns, rows kept
    [30, 20, 30, 20],
    [0, 15, 1, 15],
    [101, 150, 100, 100],
    [12.4, 8.6, 12, 9],
  ])('asked %d x %d gives %d x %d', (columns, rows, c, r) => {
    expect(resizeSite(site(), columns, rows)).toMatchObject({ columns: c, rows: r });
  });

  it('moves and shrinks storages and labels so the plan stays inside', () => {
    const before = site({
      siteStorages: [entry(1, { wid: 6, hei: 4, left: 14, top: 11 }), entry(2, { left: 1, top: 1 })],
      labels: [label({ left: 18, top: 14 })],
    });
    const after = resizeSite(before, 5, 3);
    expect(after.siteStorages).toEqual([
      entry(1, { wid: 5, hei: 3, left: 0, top: 0 }),
      entry(2, { left: 1, top: 1 }),
    ]);
    expect(after.labels[0]).toMatchObject({ left: 5, top: 3 });
  });
});

describe('changeSiteStorage and changeSiteLabel', () => {
  const plan0 = site({ siteStorages: [entry(1, { wid: 1, left: 19 }), entry(2)], labels: [label()] });
  it.each([
    ['a 1-wide storage turned silo becomes 2 wide and moves inside', { isSilo: true }, { wid: 2, left: 18 }],
    ['a width over 10 is held at 10', { wid: 12 }, { wid: 10, left: 10 }],
    ['floors 0 become 1, 9 become 6', { floors: 9 }, { floors: 6 }],
    ['a position past the edge is held at the edge', { left: 40, top: 40 }, { left: 19, top: 13 }],
    ['a silo as deep as it is wide', { isSilo: true, wid: 4, top: 14 }, { top: 11 }],
  ])('%s', (_what, change, expected) => {
    const after = changeSiteStorage(plan0, 1, change);
    expect(after.siteStorages[0]).toMatchObject(expected);
    expect(after.siteStorages[1]).toBe(plan0.siteStorages[1]);
  });
  it('changes one label and holds it on the site', () => {
    const after = changeSiteLabel(plan0, '1', { text: 'Gate 2', left: 30, elevation: 12 });
    expect(after.labels[0]).toMatchObject({ text: 'Gate 2', left: 20, elevation: 10 });
  });
});

describe('nextExpanded (only one storage or label expanded)', () => {
  it.each([
    [null, 'storage:1', 'storage:1'],
    ['storage:1', 'storage:1', null],
    ['storage:1', 'storage:2', 'storage:2'],
    ['storage:1', 'label:1', 'label:1'],
    ['label:1', 'storage:1', 'storage:1'],
  ])('open %s, click %s → %s', (current, key, next) => {
    expect(nextExpanded(current, key)).toBe(next);
  });
});

describe('unplacedSiteStorageIds (status text "Site not specified")', () => {
  const saved = { columns: 20, rows: 15, updated_ts: 1_700_000_000 };
  it('counts every storage while the plan was never saved', () => {
    const { site: s } = completeSitePlan(null, 'F1', [4, 5]);
    expect(unplacedSiteStorageIds({ ...s, updated_ts: null })).toEqual([4, 5]);
  });
  it('finds the storages the server appended to a saved plan', () => {
    const savedPlan = site({ siteStorages: [entry(1, { left: 10, top: 10 })] });
    const { site: s } = completeSitePlan(savedPlan, 'F1', [1, 2, 3]);
    expect(unplacedSiteStorageIds({ ...s, ...saved })).toEqual([2, 3]);
  });
  it('finds none when every storage was placed', () => {
    const s = site({ siteStorages: [entry(1, { left: 10 }), entry(2, { left: 0, top: 0 })] });
    expect(unplacedSiteStorageIds({ ...s, ...saved })).toEqual([]);
  });
  it('does not count a moved generated storage', () => {
    const { site: s } = completeSitePlan(null, 'F1', [1, 2]);
    const moved = { ...s, siteStorages: [s.siteStorages[0]!, { ...s.siteStorages[1]!, top: 9 }] };
    expect(unplacedSiteStorageIds({ ...moved, ...saved })).toEqual([]);
  });
});

describe('the storage toolbar rules (spec doc 3 §2 "Storage list")', () => {
  const grain = plan('Grain Supervisor', { planLevel: 4 });
  const rows: Array<[string, Partial<RoleContext>, boolean]> = [
    ['plan level 4, one base station', { plans: [grain] }, true],
    ['plan level 4, several stations and siteindex', { plans: [grain], bsCount: 3, siteindex: true }, true],
    ['plan level 4, several stations, no siteindex', { plans: [grain], bsCount: 3 }, false],
    ['plan level 3', { plans: [plan('Premium', { planLevel: 3 })] }, false],
    ['plan level 2 (hay)', { plans: [plan('Premium', { planLevel: 2 })] }, false],
    ['no plan', { plans: [] }, false],
    ['with a service', { plans: [grain], service: insightService }, false],
    [
      'compost supervisor without storages enabled',
      { plans: [plan('Supervisor', { segment: SEGMENT_WASTE })] },
      false,
    ],
    [
      'compost supervisor with storages enabled',
      { plans: [plan('Supervisor', { segment: SEGMENT_WASTE })], storagesEnabled: true },
      true,
    ],
  ];
  it.each(rows)('Site toggle: %s → %s', (_what, over, shown) => {
    expect(maySeeSiteToggle(ctx(over))).toBe(shown);
  });

  it.each([
    ['an owner', {}, true, true],
    // Issue 28 (docs/roles.md): a sub-user sees the monitors but does not edit the site plan.
    ['a sub-user', { subUser: true }, false, true],
    ['a master', { master: true }, false, false],
    ['a grand master', { master: true, grandMaster: true }, true, true],
    ['an admin', { admin: true }, true, true],
  ])('Edit site and the Monitors toggle: %s → %s, %s', (_what, over, editSite, monitors) => {
    expect(mayEditSite(ctx(over))).toBe(editSite);
    expect(monitorsToggleEnabled(ctx(over))).toBe(monitors);
  });

  it.each<[string, Partial<RoleContext>, boolean, string | null]>([
    ['a current plan', {}, false, null],
    ['an expired plan', { plans: [plan('Premium', { expired: true })] }, false, 'planExpired'],
    ['an expired SIM', {}, true, 'simExpired'],
    [
      'an admin with an expired plan',
      { admin: true, plans: [plan('Premium', { expired: true })] },
      true,
      null,
    ],
  ] as const)('info text instead of the list: %s', (_what, over, simExpired, notice) => {
    expect(storageListNotice(ctx(over), simExpired)).toBe(notice);
  });
});
