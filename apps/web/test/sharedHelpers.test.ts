import { describe, expect, it } from 'vitest';
import {
  parseBsIds,
  stationTabs,
  stationTabText,
  tabLabelsNarrow,
} from '@emberwatch/shared/domain/baseStationTabs';
import { ALL_ROWS, probePageSizeOptions, sortProbes } from '@emberwatch/shared/domain/probeList';
import { roleContextOf } from '@emberwatch/shared/domain/roleContextOf';
import { visibleMenuEntries } from '@emberwatch/shared/domain/roles';
import { sessionInfo, userInfo } from './support/fixtures';

describe('probe list rules (spec doc 2 §2.2, §9)', () => {
  it.each([
    [0, []],
    [50, []],
    [51, [50, ALL_ROWS]],
    [101, [50, 100, ALL_ROWS]],
    [200, [50, 100, ALL_ROWS]],
    [201, [50, 100, 200, ALL_ROWS]],
  ])('offers page sizes for %i probes: %j', (count, sizes) => {
    expect(probePageSizeOptions(count)).toEqual(sizes);
  });

  it('orders fresh before stale in both directions', () => {
    const rows = [
      { name: 'a', temperatures: [500], stale: true },
      { name: 'b', temperatures: [100], stale: false },
      { name: 'c', temperatures: [300], stale: false },
      { name: 'd', temperatures: [], stale: true },
    ];
    expect(sortProbes(rows, { key: 'temperature', direction: 'asc' }).map((r) => r.name)).toEqual([
      'b',
      'c',
      'a',
      'd',
    ]);
    expect(sortProbes(rows, { key: 'temperature', direction: 'desc' }).map((r) => r.name)).toEqual([
      'c',
      'b',
      'a',
      'd',
    ]);
  });

  it('compares names the way people count (P2 before P10)', () => {
    const rows = ['P10', 'P2', 'p1'].map((name) => ({ name, temperatures: [1], stale: false }));
    expect(sortProbes(rows, { key: 'name', direction: 'asc' }).map((r) => r.name)).toEqual([
      'p1',
      'P2',
      'P10',
    ]);
  });
});

describe('base-station tabs (spec doc 1 §2, §9)', () => {
  const s = (bs_id: string, display_name: string | null, bsGroup: string | null, groupSize = 1) => ({
    bs_id,
    display_name,
    bsGroup,
    groupSize,
  });

  it('merge a group into one tab named after its first station, with its size', () => {
    const tabs = stationTabs([
      s('F1', 'Barn', 'g', 3),
      s('F2', null, null),
      s('F3', null, 'g', 3),
      s('F4', 'X', 'g', 3),
    ]);
    expect(tabs.map(stationTabText)).toEqual(['Barn (3)', 'F2']);
    expect(tabs[0]?.memberIds).toEqual(['F1', 'F3', 'F4']);
  });

  it('narrow at 10 stations, not at 9', () => {
    expect(tabLabelsNarrow(9)).toBe(false);
    expect(tabLabelsNarrow(10)).toBe(true);
  });

  it('read station ids from a newData push', () => {
    expect(parseBsIds(' F1000001  F1000002 ')).toEqual(['F1000001', 'F1000002']);
  });
});

describe('role context from the session and the user info', () => {
  it('takes the station count from the user list and the flags from the session', () => {
    const ctx = roleContextOf(sessionInfo({ master: true }), userInfo({ siteindex: true }));
    expect(ctx).toMatchObject({ master: true, siteindex: true, bsCount: 1, plans: [], service: null });
    expect(visibleMenuEntries(ctx)).not.toContain('settings');
    expect(visibleMenuEntries(ctx)).toContain('logout');
  });

  it('is the narrowest context while the user info is still loading', () => {
    const ctx = roleContextOf(sessionInfo({ bs_ids: ['A', 'B'] }), null);
    expect(ctx).toMatchObject({ bsCount: 2, storagesEnabled: false, plans: [] });
  });
});
