import { describe, expect, it } from 'vitest';
import { SEGMENT_GRAIN, SEGMENT_WASTE } from '../src/domain/roles.js';
import {
  canSeeAlertSettings,
  canSeeBatchDefaults,
  canSeeHandleTempToggle,
  canSeeRcSettings,
  canSubmitTransfer,
  canTransferProbes,
  handleTempForcedOff,
  matchesProbeSearch,
  probeGroupFilters,
  remembersStationChoice,
  settingsTabToOpen,
  STATION_COOKIE_MAX_AGE_S,
  stationFromCookie,
  visibleSettingsTabs,
  type SettingsContext,
  type SettingsTab,
} from '../src/domain/settingsVisibility.js';
import { insightService as insight, plan, regularOwner } from './roleFixtures.js';

const regular: SettingsContext = { ...regularOwner, rcUnitCount: 0 };
const ctx = (over: Partial<SettingsContext>): SettingsContext => ({ ...regular, ...over });
const compost = (over: Partial<SettingsContext> = {}) =>
  ctx({ plans: [plan('Supervisor', { planLevel: 4, segment: SEGMENT_WASTE })], ...over });

// Spec doc 1 §2 "Settings view groups" and doc 2 §2.1: tabs Preferences, Probes, Base station, RC in this
// order; RC only for a compost supervisor with RC units who is not a gari or hay-app user; gari and
// hay-app users do not see Preferences; master users see nothing.
describe('visibleSettingsTabs (spec doc 1 §2, doc 2 §2.1)', () => {
  const rows: Array<[string, SettingsContext, SettingsTab[]]> = [
    [
      'a regular user sees Preferences, Probes and Base station',
      regular,
      ['preferences', 'probes', 'basestation'],
    ],
    [
      'an admin sees the same three',
      ctx({ admin: true, adminGroup: 1 }),
      ['preferences', 'probes', 'basestation'],
    ],
    ['a gari user has no Preferences', ctx({ partnerApp: 'gari' }), ['probes', 'basestation']],
    ['a hay-app user has no Preferences', ctx({ partnerApp: 'haytech' }), ['probes', 'basestation']],
    ['a master user sees nothing', ctx({ master: true }), []],
    [
      'a compost supervisor without RC units has no RC tab',
      compost(),
      ['preferences', 'probes', 'basestation'],
    ],
    [
      'a compost supervisor with RC units gets RC last',
      compost({ rcUnitCount: 2 }),
      ['preferences', 'probes', 'basestation', 'rc'],
    ],
    [
      'a gari compost supervisor with RC units gets no RC (and no Preferences)',
      compost({ rcUnitCount: 2, partnerApp: 'gari' }),
      ['probes', 'basestation'],
    ],
    [
      'a grain supervisor with RC units gets no RC',
      ctx({ plans: [plan('Grain Supervisor', { segment: SEGMENT_GRAIN })], rcUnitCount: 1 }),
      ['preferences', 'probes', 'basestation'],
    ],
  ];
  it.each(rows)('%s', (_, c, expected) => expect(visibleSettingsTabs(c)).toEqual(expected));

  it('RC needs all three conditions', () => {
    expect(canSeeRcSettings(compost({ rcUnitCount: 1 }))).toBe(true);
    expect(canSeeRcSettings(compost({ rcUnitCount: 0 }))).toBe(false);
    expect(canSeeRcSettings(compost({ rcUnitCount: 1, partnerApp: 'haytech' }))).toBe(false);
    expect(canSeeRcSettings(ctx({ rcUnitCount: 1 }))).toBe(false);
  });
});

describe('settingsTabToOpen', () => {
  it('opens the requested tab when visible', () => {
    expect(settingsTabToOpen('probes', ['preferences', 'probes'])).toBe('probes');
  });
  it('falls back to the first visible tab when none or a hidden one is asked for', () => {
    expect(settingsTabToOpen(undefined, ['preferences', 'probes'])).toBe('preferences');
    expect(settingsTabToOpen('preferences', ['probes', 'basestation'])).toBe('probes');
    expect(settingsTabToOpen('rc', ['preferences', 'probes', 'basestation'])).toBe('preferences');
  });
  it('has nothing to open for a master user', () => {
    expect(settingsTabToOpen('preferences', [])).toBeNull();
  });
});

describe('preference groups (spec doc 1 §2, §4, §6)', () => {
  it('shows alert settings to Insight users and premium plans only', () => {
    expect(canSeeAlertSettings(regular)).toBe(false);
    expect(canSeeAlertSettings(ctx({ service: insight }))).toBe(true);
    expect(canSeeAlertSettings(ctx({ plans: [plan('Premium', { planLevel: 2 })] }))).toBe(true);
    expect(canSeeAlertSettings(ctx({ plans: [plan('Premium', { planLevel: 2, expired: true })] }))).toBe(
      false,
    );
    expect(canSeeAlertSettings(compost())).toBe(true);
  });

  it('forces handle temperature off for plan level 4 segment 14 only', () => {
    expect(handleTempForcedOff(compost())).toBe(true);
    expect(handleTempForcedOff(ctx({ plans: [plan('Grain Supervisor', { segment: SEGMENT_GRAIN })] }))).toBe(
      false,
    );
    expect(
      handleTempForcedOff(ctx({ plans: [plan('Premium', { planLevel: 2, segment: SEGMENT_WASTE })] })),
    ).toBe(false);
    expect(handleTempForcedOff(regular)).toBe(false);
  });

  it('shows the handle-temperature toggle to admins, or non-compost-supervisors with temperature data', () => {
    expect(canSeeHandleTempToggle(ctx({ admin: true }), false)).toBe(true);
    expect(canSeeHandleTempToggle(regular, true)).toBe(true);
    expect(canSeeHandleTempToggle(regular, false)).toBe(false);
    expect(canSeeHandleTempToggle(compost(), true)).toBe(false);
    expect(canSeeHandleTempToggle(compost({ admin: true }), true)).toBe(true);
  });

  it('keeps batch defaults for compost supervisors', () => {
    expect(canSeeBatchDefaults(compost())).toBe(true);
    expect(canSeeBatchDefaults(regular)).toBe(false);
  });
});

describe('probe settings (spec doc 2 §2.3, §5, §6)', () => {
  it('lets an ordinary user transfer only with more than one station; admins always', () => {
    expect(canTransferProbes(regular)).toBe(false);
    expect(canTransferProbes(ctx({ bsCount: 2 }))).toBe(true);
    expect(canTransferProbes(ctx({ admin: true, bsCount: 1 }))).toBe(true);
    // A farm hand does not re-plumb the account, however many stations it has.
    expect(canTransferProbes(ctx({ subUser: true, bsCount: 3 }))).toBe(false);
    expect(canTransferProbes(ctx({ master: true, bsCount: 3 }))).toBe(false);
    expect(canTransferProbes(ctx({ master: true, grandMaster: true, bsCount: 3 }))).toBe(true);
  });

  it('offers all probes, vacant probes, then storages and batches — hiding those two with an expired plan', () => {
    const storages = [{ id: 's1', name: 'Barn' }];
    const batches = [{ id: 'b1', name: 'Row 1' }];
    expect(probeGroupFilters({ storages, batches, planExpired: false }).map((f) => f.kind)).toEqual([
      'all',
      'vacant',
      'storage',
      'batch',
    ]);
    expect(probeGroupFilters({ storages, batches, planExpired: true }).map((f) => f.kind)).toEqual([
      'all',
      'vacant',
    ]);
  });

  it('searches only from 2 characters, by id or name, ignoring case', () => {
    const p = { sensor_id_sys: 'H10001', sensor_name: 'Stack north' };
    expect(matchesProbeSearch(p, 'x')).toBe(true);
    expect(matchesProbeSearch(p, 'xy')).toBe(false);
    expect(matchesProbeSearch(p, 'h1')).toBe(true);
    expect(matchesProbeSearch(p, 'NORTH')).toBe(true);
    expect(matchesProbeSearch({ sensor_id_sys: 'H2', sensor_name: null }, 'no')).toBe(false);
  });

  it('needs a target station other than the source and at least one probe to transfer', () => {
    expect(canSubmitTransfer({ currentBs: 'F1', targetBs: null, selectedCount: 2 })).toBe(false);
    expect(canSubmitTransfer({ currentBs: 'F1', targetBs: 'F2', selectedCount: 0 })).toBe(false);
    expect(canSubmitTransfer({ currentBs: 'F1', targetBs: 'F1', selectedCount: 1 })).toBe(false);
    expect(canSubmitTransfer({ currentBs: 'F1', targetBs: 'F2', selectedCount: 1 })).toBe(true);
  });
});

describe('the remembered base station (spec doc 1 §4, §9)', () => {
  it('lasts one day', () => expect(STATION_COOKIE_MAX_AGE_S).toBe(86_400));
  it('is not kept for gari and hay-app users', () => {
    expect(remembersStationChoice({ partnerApp: null })).toBe(true);
    expect(remembersStationChoice({ partnerApp: 'gari' })).toBe(false);
    expect(remembersStationChoice({ partnerApp: 'haytech' })).toBe(false);
  });
  it('is used only when the user may still see that station', () => {
    expect(stationFromCookie('F2', ['F1', 'F2'], { partnerApp: null })).toBe('F2');
    expect(stationFromCookie('F9', ['F1', 'F2'], { partnerApp: null })).toBeNull();
    expect(stationFromCookie('F2', ['F1', 'F2'], { partnerApp: 'gari' })).toBeNull();
    expect(stationFromCookie(null, ['F1'], { partnerApp: null })).toBeNull();
  });
});
