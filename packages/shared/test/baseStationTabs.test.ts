import { describe, expect, it } from 'vitest';
import {
  parseBsIds,
  stationLabel,
  stationTabs,
  stationTabText,
  tabLabelsNarrow,
  tabOfStation,
  TAB_LABELS_NARROW_AT,
  type TabStation,
} from '../src/domain/baseStationTabs.js';

const st = (
  bs_id: string,
  display_name: string | null = null,
  bsGroup: string | null = null,
  groupSize = 1,
): TabStation => ({
  bs_id,
  display_name,
  bsGroup,
  groupSize,
});

// Spec doc 1 §2 "Top bar": a tab strip for multiple base stations shows each tab as name or id plus group size.
describe('stationTabs (spec doc 1 §2 "Top bar")', () => {
  it('makes one tab per ungrouped station, labelled by name, or id when unnamed', () => {
    expect(stationTabs([st('F1', 'North barn'), st('F2'), st('F3', '   ')])).toEqual([
      { bsId: 'F1', label: 'North barn', groupSize: 1, memberIds: ['F1'] },
      { bsId: 'F2', label: 'F2', groupSize: 1, memberIds: ['F2'] },
      { bsId: 'F3', label: 'F3', groupSize: 1, memberIds: ['F3'] },
    ]);
  });

  it('makes one tab per group, on its first station, with the group size', () => {
    const tabs = stationTabs([
      st('F1', 'Yard', 'g1', 2),
      st('F2', null, null),
      st('F3', 'Yard east', 'g1', 2),
    ]);
    expect(tabs).toEqual([
      { bsId: 'F1', label: 'Yard', groupSize: 2, memberIds: ['F1', 'F3'] },
      { bsId: 'F2', label: 'F2', groupSize: 1, memberIds: ['F2'] },
    ]);
    expect(tabOfStation(tabs, 'F3')?.bsId).toBe('F1');
    expect(tabOfStation(tabs, 'F9')).toBeUndefined();
    expect(tabOfStation(tabs, null)).toBeUndefined();
  });

  it('counts the members it sees when the reported group size is smaller', () => {
    const tabs = stationTabs([st('F1', null, 'g', 1), st('F2', null, 'g', 1), st('F3', null, 'g', 1)]);
    expect(tabs).toHaveLength(1);
    expect(tabs[0]!.groupSize).toBe(3);
  });

  it.each([
    [{ label: 'Yard', groupSize: 1 }, 'Yard'],
    [{ label: 'Yard', groupSize: 3 }, 'Yard (3)'],
  ])('shows %o as "%s"', (tab, text) => {
    expect(stationTabText(tab)).toBe(text);
  });

  it('labels by display name, else id', () => {
    expect(stationLabel({ bs_id: 'F1', display_name: ' Hay shed ' })).toBe('Hay shed');
    expect(stationLabel({ bs_id: 'F1', display_name: null })).toBe('F1');
  });
});

// Spec doc 1 §9: tab labels narrow at 10 or more base stations.
describe('tabLabelsNarrow (spec doc 1 §9: narrow at 10 or more)', () => {
  it.each([
    [1, false],
    [9, false],
    [10, true],
    [25, true],
  ])('%s tabs → narrow %s', (n, narrow) => {
    expect(tabLabelsNarrow(n)).toBe(narrow);
  });

  it('uses 10', () => {
    expect(TAB_LABELS_NARROW_AT).toBe(10);
  });
});

// Spec doc 1 §4 "Live updates": newData carries bs_ids as a space-separated list.
describe('parseBsIds (spec doc 1 §4: space-separated bs_ids)', () => {
  it.each([
    ['F1000001', ['F1000001']],
    ['F1000001 F1000002', ['F1000001', 'F1000002']],
    ['  F1  F2\tF3 ', ['F1', 'F2', 'F3']],
    ['', []],
  ])('"%s" → %o', (list, ids) => {
    expect(parseBsIds(list)).toEqual(ids);
  });
});
