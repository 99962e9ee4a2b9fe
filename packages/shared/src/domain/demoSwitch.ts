import type { UiPreferences } from '../contracts/preferences.js';
import type { Plan, Service, UserInfo } from '../contracts/users.js';
import type { SurveyAnswers } from './insight/surveyAnswers.js';
import { SEGMENT_GRAIN, SEGMENT_WASTE } from './roles.js';
import type { ProbeKind } from './stationProbeKind.js';

/**
 * Demo switching (spec doc 1 §4 "Demo switching (GRAIN, HAY, WASTE)", §6 "Demo selector: in demo
 * mode or for base station DEMOdata"; decision 0058). A switch is an overlay over what the server
 * sent: the same account seen as a grain store, a hay farm or a compost site. It is applied to the
 * server's data each time (never to an earlier overlay), so switching back and forth never drifts.
 */
export const DEMO_TYPES = ['GRAIN', 'HAY', 'WASTE'] as const;
export type DemoType = (typeof DEMO_TYPES)[number];

/** Spec doc 1 §6: the base station whose viewers get the demo selector even outside demo mode. */
export const DEMO_STATION_ID = 'DEMOdata';

/** Spec doc 1 §9 "Demo hay service period 36 months". */
export const DEMO_HAY_SERVICE_MONTHS = 36;

/** Spec doc 1 §6: the selector shows in demo mode, or while the base station DEMOdata is selected. */
export function showsDemoSelector(i: { demo: boolean; selectedBsId: string | null | undefined }): boolean {
  return i.demo || i.selectedBsId === DEMO_STATION_ID;
}

export type DemoPreferences = Pick<UiPreferences, 'temperature_alert' | 'chart_scale' | 'color_steps'> &
  Partial<Pick<UiPreferences, 'handle_temp_enabled'>>;

export interface DemoSettings {
  /** The account's first plan becomes this one (the due date is kept); null keeps the plans. */
  plan: Pick<Plan, 'planName' | 'planLevel' | 'segment'>;
  /** HAY sets an Insight service (plan 2, 36 months); GRAIN and WASTE operators have none. */
  service: { plan: number; periodMonths: number } | null;
  /** HAY shows sample survey answers; null leaves the account's own. */
  surveyAnswers: SurveyAnswers | null;
  prefs: DemoPreferences;
}

/** The sample answers HAY shows (spec doc 1 §4 "sample survey answers"): a hay farm baling round bales. */
export const DEMO_SURVEY_ANSWERS: SurveyAnswers = {
  activityType: 'hay',
  activityOther: '',
  hayType: 'bales',
  yearlyCuts: 3,
  weightUnit: 'kg',
  hayTypeUnit: 'bales',
  balesPerYear: 2000,
  averageTonsPerYear: 0,
  balesType: 'round',
  balesWeight: 350,
  storageTime: [6, 12],
  storagesNumber: 2,
  storages: [
    {
      id: 1,
      name: 'Storage 1',
      type: 'roof_covered',
      capacity: 1200,
      size: null,
      undefinedLayoutType: true,
    },
    {
      id: 2,
      name: 'Storage 2',
      type: 'tarp_covered',
      capacity: 800,
      size: null,
      undefinedLayoutType: true,
    },
  ],
};

/** Spec doc 1 §4, word for word: the settings each demo type sets. */
export function demoSettingsOf(type: DemoType): DemoSettings {
  switch (type) {
    case 'GRAIN':
      return {
        plan: { planName: 'Grain Supervisor', planLevel: 4, segment: SEGMENT_GRAIN },
        service: null,
        surveyAnswers: null,
        prefs: {
          temperature_alert: 30,
          chart_scale: [0, 40],
          color_steps: [0, 10, 20, 30, 40],
          handle_temp_enabled: true,
        },
      };
    case 'WASTE':
      return {
        plan: { planName: 'Supervisor', planLevel: 4, segment: SEGMENT_WASTE },
        service: null,
        surveyAnswers: null,
        prefs: {
          temperature_alert: 85,
          chart_scale: [0, 100],
          color_steps: [0, 40, 60, 80, 100],
          handle_temp_enabled: false,
        },
      };
    case 'HAY':
      return {
        // Plan level 2 is hay (spec doc 1 §1); the Insight service carries the rest.
        plan: { planName: 'INSIGHT', planLevel: 2, segment: null },
        service: { plan: 2, periodMonths: DEMO_HAY_SERVICE_MONTHS },
        surveyAnswers: DEMO_SURVEY_ANSWERS,
        prefs: { temperature_alert: 45, chart_scale: [0, 60], color_steps: [0, 20, 30, 45, 60] },
      };
  }
}

/** Epoch seconds `months` calendar months after `startS` (UTC). */
function addMonthsS(startS: number, months: number): number {
  const d = new Date(startS * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The user info as the demo type shows it. `startedS` is when the switch was made: the HAY service
 * starts then and runs 36 months, so the overlay is the same every time it is applied.
 */
export function applyDemoToUserInfo<U extends Pick<UserInfo, 'plans' | 'service'>>(
  user: U,
  type: DemoType,
  startedS: number,
): U {
  const s = demoSettingsOf(type);
  const [first, ...rest] = user.plans;
  const plan: Plan = { ...s.plan, dueDate: first?.dueDate ?? null, expired: false };
  const service: Service | null = s.service
    ? {
        plan: s.service.plan,
        trial: 0,
        started: startedS,
        period: s.service.periodMonths,
        expDate: addMonthsS(startedS, s.service.periodMonths),
        surveyCompleted: true,
        renewed: null,
        nextPayment: null,
      }
    : null;
  return { ...user, plans: [plan, ...rest], service };
}

/** The preferences as the demo type shows them (the other preferences are the user's). */
export function applyDemoToPreferences(prefs: UiPreferences, type: DemoType): UiPreferences {
  return { ...prefs, ...demoSettingsOf(type).prefs };
}

/** The goods of the site each demo type shows: GRAIN a grain store, HAY a hay farm, WASTE a compost site. */
export const DEMO_PROBE_KIND: Record<DemoType, Exclude<ProbeKind, 'other'>> = {
  GRAIN: 'grain',
  HAY: 'hay',
  WASTE: 'compost',
};

/**
 * The stations a demo-mode account shows while switched to `type` (decision 0079): those whose
 * probes are that type's goods, so the probe list, the tabs and every station page are the chosen
 * site's (the demo-mode visitor has a station of each). An account with no station of that kind (one
 * seeded before the visitor had them) keeps all its stations, as does any other account; the very
 * list is returned then.
 */
export function demoStations<S extends { probeKind: ProbeKind | null }>(
  stations: readonly S[],
  type: DemoType,
): readonly S[] {
  const kind = DEMO_PROBE_KIND[type];
  const shown = stations.filter((s) => s.probeKind === kind);
  return shown.length > 0 ? shown : stations;
}
