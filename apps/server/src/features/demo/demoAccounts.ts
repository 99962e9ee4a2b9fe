import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@emberwatch/shared/contracts/preferences';

/** The password of every demo login (README lists them). */
export const DEMO_PASSWORD = 'ember-demo';

export type Material = 'hay' | 'grain' | 'compost';

export interface DemoStation {
  id: string;
  name: string;
  group?: string;
  timezone: string;
  bsType: number;
  version: string;
  firmware: string;
  material: Material;
  probes: number;
  depths: number;
  /** First probe number; ids are the material letter plus this number counting up. */
  firstProbe: number;
  /**
   * Hay: the simulator's staged heating for the station's first probes, strength 0–1 each (the
   * stations file carries it; apps/simulator hayModel demoHeatingEpisode). Stack 1 of the north
   * barn heats around the start of live play; its first bale crosses the demo monitor's 55 °C.
   */
  heating?: number[];
}

export interface DemoAccount {
  username: string;
  firstname: string;
  lastname: string;
  country: string;
  /**
   * The owner's phone: a number of the US fictional range 555-0100…0199, reserved so that even a real
   * SMS provider configured on a demo server can never reach a person.
   */
  phone?: string;
  language: string;
  planName: string;
  planLevel: number;
  segment: number | null;
  service?: { plan: number; trial: number; period: number; surveyCompleted: boolean };
  storagesEnabled?: boolean;
  siteindex?: boolean;
  admin?: { group: number };
  /**
   * A master account: the owners that authorised it, and those it has asked but who have not
   * answered yet (the compost farm sees the request in its top bar).
   */
  master?: { authorizedBy: string[]; requestedFrom?: string[] };
  mainUser?: string;
  /**
   * Voice calls on (the account's voiceCallEnabled, which an admin switches, decision 0072): the
   * seeded monitor's storages on the heating station call the owner when a bale passes the fire-risk
   * limit, day and night, answered by the local fake provider (seedDemoMonitors.ts).
   */
  voiceCalls?: boolean;
  /**
   * The spec's demo mode (doc 1 §6, doc 2 §6): the top bar's demo selector switches the account
   * between GRAIN, HAY and WASTE, and the browser keeps the user's changes (decision 0058).
   */
  demoMode?: boolean;
  prefs: Partial<UiPreferences>;
  stations: DemoStation[];
}

/**
 * Spec doc 1 §4 "Demo switching" fixes the demo preferences: HAY alert 45, chart 0–60, steps
 * 0/20/30/45/60; GRAIN alert 30, chart 0–40, steps 0/10/20/30/40, handle temperature on; WASTE alert 85,
 * chart 0–100, steps 0/40/60/80/100, handle temperature off.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'hay@demo.emberwatch',
    phone: '+12025550101',
    voiceCalls: true,
    firstname: 'Hillside',
    lastname: 'Hay Farm',
    country: 'fi',
    language: 'en',
    planName: 'Premium',
    planLevel: 2,
    segment: null,
    service: { plan: 2, trial: 0, period: 36, surveyCompleted: true },
    prefs: { temperature_alert: 45, chart_scale: [0, 60], color_steps: [0, 20, 30, 45, 60] },
    stations: [
      {
        id: 'F1000001',
        name: 'North barn',
        timezone: 'Europe/Helsinki',
        bsType: 2,
        version: 'V5.1.2',
        firmware: '3.2',
        material: 'hay',
        probes: 14,
        depths: 3,
        firstProbe: 10001,
        heating: [1, 0.85, 0.7, 0.55],
      },
      {
        id: 'F1000002',
        name: 'South barn',
        timezone: 'Europe/Helsinki',
        bsType: 3,
        version: 'V5.2.0',
        firmware: '3.1',
        material: 'hay',
        probes: 12,
        depths: 3,
        firstProbe: 10101,
      },
      {
        id: 'F1000003',
        name: 'Field stacks',
        timezone: 'Europe/Helsinki',
        bsType: 3,
        version: 'V4.3.1',
        firmware: '2.4',
        material: 'hay',
        probes: 10,
        depths: 2,
        firstProbe: 10201,
      },
    ],
  },
  {
    username: 'grain@demo.emberwatch',
    phone: '+12025550102',
    firstname: 'Prairie',
    lastname: 'Grain Co-op',
    country: 'us',
    language: 'en',
    planName: 'Grain Supervisor',
    planLevel: 4,
    segment: 13,
    prefs: {
      degrees: 'F',
      date_format: 'M/d/yyyy',
      time_format: 'hh:mm a',
      temperature_alert: 30,
      chart_scale: [0, 40],
      color_steps: [0, 10, 20, 30, 40],
      handle_temp_enabled: true,
    },
    stations: [
      {
        id: 'F2000001',
        name: 'Bin row A',
        group: 'G-PRAIRIE',
        timezone: 'America/Chicago',
        bsType: 2,
        version: 'V5.1.0',
        firmware: '3.2',
        material: 'grain',
        probes: 12,
        depths: 4,
        firstProbe: 20001,
      },
      {
        id: 'F2000002',
        name: 'Bin row B',
        group: 'G-PRAIRIE',
        timezone: 'America/Chicago',
        bsType: 2,
        version: 'V5.1.0',
        firmware: '3.2',
        material: 'grain',
        probes: 10,
        depths: 4,
        firstProbe: 20101,
      },
      {
        id: 'F2000003',
        name: 'Flat store',
        timezone: 'America/Chicago',
        bsType: 3,
        version: 'V5.2.1',
        firmware: '3.0',
        material: 'grain',
        probes: 8,
        depths: 4,
        firstProbe: 20201,
      },
    ],
  },
  {
    username: 'compost@demo.emberwatch',
    phone: '+12025550103',
    firstname: 'Greenloop',
    lastname: 'Compost Works',
    country: 'nl',
    language: 'en',
    planName: 'Supervisor',
    planLevel: 4,
    segment: 14,
    storagesEnabled: true,
    prefs: {
      temperature_alert: 85,
      chart_scale: [0, 100],
      color_steps: [0, 40, 60, 80, 100],
      handle_temp_enabled: false,
    },
    stations: [
      {
        id: 'F3000001',
        name: 'Windrows 1–7',
        timezone: 'Europe/Amsterdam',
        bsType: 2,
        version: 'V5.1.1',
        firmware: '3.2',
        material: 'compost',
        probes: 14,
        depths: 3,
        firstProbe: 30001,
      },
      {
        id: 'F3000002',
        name: 'Windrows 8–12',
        timezone: 'Europe/Amsterdam',
        bsType: 3,
        version: 'V5.2.1',
        firmware: '3.2',
        material: 'compost',
        probes: 10,
        depths: 3,
        firstProbe: 30101,
      },
    ],
  },
  {
    username: 'admin@demo.emberwatch',
    firstname: 'Root',
    lastname: 'Admin',
    country: 'fi',
    language: 'en',
    planName: 'Free',
    planLevel: 0,
    segment: null,
    admin: { group: 0 },
    prefs: {},
    stations: [],
  },
  {
    // A shared tour in demo mode: the top bar switches it between a grain store, a hay farm and a
    // compost site (spec doc 1 §4 "Demo switching"); it starts as the hay farm it is. It has a station
    // of each kind, and the switch shows the chosen site's (decision 0079).
    username: 'visitor@demo.emberwatch',
    firstname: 'Demo',
    lastname: 'Visitor',
    country: 'gb',
    language: 'en',
    planName: 'Premium',
    planLevel: 2,
    segment: null,
    service: { plan: 2, trial: 0, period: 36, surveyCompleted: true },
    demoMode: true,
    prefs: { temperature_alert: 45, chart_scale: [0, 60], color_steps: [0, 20, 30, 45, 60] },
    stations: [
      {
        id: 'F4000001',
        name: 'Demo barn',
        timezone: 'Europe/London',
        bsType: 2,
        version: 'V5.1.2',
        firmware: '3.2',
        material: 'hay',
        probes: 8,
        depths: 3,
        firstProbe: 40001,
      },
      {
        id: 'F4000002',
        name: 'Demo grain bins',
        timezone: 'Europe/London',
        bsType: 2,
        version: 'V5.1.0',
        firmware: '3.2',
        material: 'grain',
        probes: 6,
        depths: 4,
        firstProbe: 40101,
      },
      {
        id: 'F4000003',
        name: 'Demo windrows',
        timezone: 'Europe/London',
        bsType: 2,
        version: 'V5.1.1',
        firmware: '3.2',
        material: 'compost',
        probes: 6,
        depths: 3,
        firstProbe: 40201,
      },
    ],
  },
  {
    username: 'master@demo.emberwatch',
    firstname: 'Regional',
    lastname: 'Advisor',
    country: 'fi',
    language: 'en',
    planName: 'Free',
    planLevel: 0,
    segment: null,
    siteindex: true,
    master: {
      authorizedBy: ['hay@demo.emberwatch', 'grain@demo.emberwatch'],
      requestedFrom: ['compost@demo.emberwatch'],
    },
    prefs: {},
    stations: [],
  },
  {
    username: 'hay-helper@demo.emberwatch',
    firstname: 'Farm',
    lastname: 'Helper',
    country: 'fi',
    language: 'en',
    planName: 'Free',
    planLevel: 0,
    segment: null,
    mainUser: 'hay@demo.emberwatch',
    prefs: {},
    stations: [],
  },
];

export function demoPrefs(account: DemoAccount): UiPreferences {
  return { ...DEFAULT_UI_PREFERENCES, ...account.prefs };
}

const PROBE_PREFIX: Record<Material, string> = { hay: 'H', grain: 'G', compost: 'C' };

export function demoProbeIds(station: DemoStation): string[] {
  return Array.from(
    { length: station.probes },
    (_, i) => `${PROBE_PREFIX[station.material]}${station.firstProbe + i}`,
  );
}

/** The stations file's probes of a station: id, depths and the staged heating where it has one. */
export function demoStationProbes(
  station: DemoStation,
): { sensor_id: string; depths: number; heating?: number }[] {
  return demoProbeIds(station).map((sensor_id, i) => {
    const heating = station.heating?.[i];
    return { sensor_id, depths: station.depths, ...(heating !== undefined ? { heating } : {}) };
  });
}

/** A few probes carry names; the rest show their id, as on a real farm. */
export function demoProbeName(station: DemoStation, index: number): string | null {
  if (index % 3 === 2) return null;
  switch (station.material) {
    case 'hay':
      return `Stack ${Math.floor(index / 4) + 1} · bale ${(index % 4) + 1}`;
    case 'grain':
      return `Bin ${Math.floor(index / 2) + 1} · cable ${(index % 2) + 1}`;
    case 'compost':
      return `Windrow ${Math.floor(index / 2) + 1}${index % 2 === 0 ? ' north' : ' south'}`;
  }
}
