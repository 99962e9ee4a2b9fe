import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_PREFERENCES } from '../src/contracts/preferences.js';
import { surveyAnswersSchema } from '../src/contracts/insight.js';
import type { Plan, Service } from '../src/contracts/users.js';
import {
  applyDemoToPreferences,
  applyDemoToUserInfo,
  DEMO_SURVEY_ANSWERS,
  demoSettingsOf,
  demoStations,
  showsDemoSelector,
  type DemoType,
} from '../src/domain/demoSwitch.js';
import { surveyProblem } from '../src/domain/insight/surveySteps.js';
import { handleTempForcedOff } from '../src/domain/settingsVisibility.js';

// Spec doc 1 §4 "Demo switching (GRAIN, HAY, WASTE)": GRAIN plan level 4 segment 13, alert 30, chart
// 0-40, colour steps 0/10/20/30/40, handle temp on; WASTE segment 14, alert 85, chart 0-100, steps
// 0/40/60/80/100, handle temp off; HAY a service with plan 2, 36-month period, sample survey answers,
// alert 45, chart 0-60, steps 0/20/30/45/60.
describe('demoSettingsOf', () => {
  it.each<[DemoType, number, number | null, number, [number, number], number[], boolean | undefined]>([
    ['GRAIN', 4, 13, 30, [0, 40], [0, 10, 20, 30, 40], true],
    ['WASTE', 4, 14, 85, [0, 100], [0, 40, 60, 80, 100], false],
    ['HAY', 2, null, 45, [0, 60], [0, 20, 30, 45, 60], undefined],
  ])(
    '%s: plan level %d segment %s, alert %d, chart %o, steps %o, handle temp %s',
    (type, level, segment, alert, chart, steps, handle) => {
      const s = demoSettingsOf(type);
      expect(s.plan.planLevel).toBe(level);
      expect(s.plan.segment).toBe(segment);
      expect(s.prefs).toEqual({
        temperature_alert: alert,
        chart_scale: chart,
        color_steps: steps,
        ...(handle === undefined ? {} : { handle_temp_enabled: handle }),
      });
    },
  );

  it('HAY sets a service with plan 2 over 36 months and sample survey answers; the others none', () => {
    expect(demoSettingsOf('HAY').service).toEqual({ plan: 2, periodMonths: 36 });
    expect(demoSettingsOf('HAY').surveyAnswers).toBe(DEMO_SURVEY_ANSWERS);
    for (const t of ['GRAIN', 'WASTE'] as const) {
      expect(demoSettingsOf(t).service).toBeNull();
      expect(demoSettingsOf(t).surveyAnswers).toBeNull();
    }
  });

  it('the sample survey answers are a complete, valid survey', () => {
    expect(surveyAnswersSchema.safeParse(DEMO_SURVEY_ANSWERS).success).toBe(true);
    expect(surveyProblem(DEMO_SURVEY_ANSWERS)).toBeNull();
  });
});

describe('applyDemoToUserInfo', () => {
  const premium: Plan = {
    planName: 'Premium',
    planLevel: 2,
    segment: null,
    dueDate: 1_900_000_000,
    expired: true,
  };
  const hayService: Service = {
    plan: 2,
    trial: 1,
    started: 1_700_000_000,
    period: 12,
    expDate: 1_731_536_000,
    surveyCompleted: false,
  };
  const user = { plans: [premium], service: hayService, username: 'x' };
  const at = Date.UTC(2026, 0, 31) / 1000;

  it('GRAIN makes the first plan a level 4 segment 13 plan, keeps its due date and drops the service', () => {
    const u = applyDemoToUserInfo(user, 'GRAIN', at);
    expect(u.plans).toEqual([
      { planName: 'Grain Supervisor', planLevel: 4, segment: 13, dueDate: 1_900_000_000, expired: false },
    ]);
    expect(u.service).toBeNull();
    expect(u.username).toBe('x');
    // WASTE (segment 14) then forces handle temperature off (spec doc 1 §4).
    expect(handleTempForcedOff({ plans: u.plans })).toBe(false);
    expect(handleTempForcedOff({ plans: applyDemoToUserInfo(user, 'WASTE', at).plans })).toBe(true);
  });

  it('HAY sets service plan 2 started at the switch, 36 months long, trial 0, survey completed', () => {
    const u = applyDemoToUserInfo({ plans: [] as Plan[], service: null as Service | null }, 'HAY', at);
    expect(u.plans[0]).toMatchObject({ planLevel: 2, segment: null, dueDate: null, expired: false });
    expect(u.service).toMatchObject({ plan: 2, trial: 0, started: at, period: 36, surveyCompleted: true });
    // 31 January 2026 + 36 months = 31 January 2029.
    expect(u.service?.expDate).toBe(Date.UTC(2029, 0, 31) / 1000);
  });

  it('applies to the server data each time: switching back and forth gives the same result', () => {
    const once = applyDemoToUserInfo(user, 'WASTE', at);
    const again = applyDemoToUserInfo(applyDemoToUserInfo(once, 'HAY', at), 'WASTE', at);
    expect(again.plans[0]).toEqual(once.plans[0]);
    expect(again.service).toEqual(once.service);
  });
});

describe('applyDemoToPreferences', () => {
  it('sets only the four display settings; HAY keeps the user handle temperature', () => {
    const mine = { ...DEFAULT_UI_PREFERENCES, degrees: 'F' as const, handle_temp_enabled: true };
    expect(applyDemoToPreferences(mine, 'HAY')).toEqual({
      ...mine,
      temperature_alert: 45,
      chart_scale: [0, 60],
      color_steps: [0, 20, 30, 45, 60],
    });
    expect(applyDemoToPreferences(mine, 'WASTE').handle_temp_enabled).toBe(false);
    expect(applyDemoToPreferences(mine, 'WASTE').degrees).toBe('F');
  });
});

describe('showsDemoSelector (spec doc 1 §6: demo mode or base station DEMOdata)', () => {
  it.each([
    [true, 'F1000001', true],
    [false, 'DEMOdata', true],
    [true, null, true],
    [false, 'F1000001', false],
    [false, 'demodata', false],
    [false, null, false],
  ])('demo %s, station %s: %s', (demo, selectedBsId, shows) => {
    expect(showsDemoSelector({ demo, selectedBsId })).toBe(shows);
  });
});

// Issue 28: switching the visitor to Compost still showed the hay probes (decision 0079).
describe('demoStations', () => {
  const barn = { bs_id: 'F4000001', probeKind: 'hay' as const };
  const bins = { bs_id: 'F4000002', probeKind: 'grain' as const };
  const windrows = { bs_id: 'F4000003', probeKind: 'compost' as const };
  const empty = { bs_id: 'F4000004', probeKind: null };
  const all = [barn, bins, windrows, empty];

  it.each<[DemoType, string[]]>([
    ['HAY', ['F4000001']],
    ['GRAIN', ['F4000002']],
    ['WASTE', ['F4000003']],
  ])('%s shows the stations of its goods: %o', (type, ids) => {
    expect(demoStations(all, type).map((s) => s.bs_id)).toEqual(ids);
  });

  it('keeps every station, the very list, when none holds the type’s goods', () => {
    const hayOnly = [barn, empty];
    expect(demoStations(hayOnly, 'WASTE')).toBe(hayOnly);
    expect(demoStations([], 'GRAIN')).toEqual([]);
  });
});
