import { monitorInputSchema, type MonitorInput } from '@emberwatch/shared/contracts/monitors';
import type { ControllerType } from '@emberwatch/shared/domain/kinds/controllerTypes';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { DEMO_GRAIN_LIMIT_C } from './demoMonitors.js';

/**
 * The demo's aeration (issue 13 item 5; docs/decisions/0022-demo-storages.md, addendum "fans"):
 *
 * - the grain co-op's corn bins of row A (Bin A1–A6) each have an aeration fan, the six channels of
 *   one RC unit, under a monitor with a cooldown rule that reads the co-op's outdoor probe. The
 *   simulator plays the unit and cools each bin's two cables while its fan runs, so the fans start
 *   when a bin is warmer than the outdoor air (and the air is dry enough for grain), cool it, and stop;
 * - the compost works' windrows have blowers, one RC unit per windrow group (a channel per windrow),
 *   each channel naming a monitor with a cyclic rule (forced aeration: ten minutes in every thirty).
 *
 * The soybean bins and the flat store keep the plain "Grain — hot spots" monitor: a co-op does not
 * aerate every bin, and the farmer can compare.
 */

/** The grain co-op's outdoor probe: on the first bin row's station, in the shade by the bins. */
export const DEMO_OUTDOOR_PROBE = {
  bsId: 'F2000001',
  sensorId: 'G20099',
  name: 'Outdoor air',
  depths: 1,
} as const;

export interface DemoFanChannel {
  /** The storage whose goods this channel's fan blows through (by its demo name), if any. */
  storage?: string;
  /** The channel's own name (RC units name their channels). */
  name?: string;
}

export interface DemoFanController {
  account: string;
  fcId: string;
  type: ControllerType;
  name: string;
  /** Channel 1 first. */
  channels: DemoFanChannel[];
  /** The monitor of its rule: set on the channels' storages, or named by the channels (monitorRef). */
  monitor: 'storages' | 'monitorRef';
}

export const DEMO_AERATION_RC = 'RC12-PRAIRIE-A';

export const DEMO_FAN_CONTROLLERS: readonly DemoFanController[] = [
  {
    account: 'grain@demo.emberwatch',
    fcId: DEMO_AERATION_RC,
    type: 'RC',
    name: 'Bin row A aeration',
    channels: [1, 2, 3, 4, 5, 6].map((i) => ({ storage: `Bin A${i}` })),
    monitor: 'storages',
  },
  {
    account: 'compost@demo.emberwatch',
    fcId: 'RC12-WINDROWS-1',
    type: 'RC',
    name: 'Windrow blowers 1–7',
    channels: [1, 2, 3, 4, 5, 6, 7].map((i) => ({ name: `Windrow ${i}` })),
    monitor: 'monitorRef',
  },
  {
    account: 'compost@demo.emberwatch',
    fcId: 'RC12-WINDROWS-2',
    type: 'RC',
    name: 'Windrow blowers 8–12',
    channels: [8, 9, 10, 11, 12].map((i) => ({ name: `Windrow ${i}` })),
    monitor: 'monitorRef',
  },
];

const tenths = (c: number) => Math.round(c * 10);

/**
 * The aeration monitors, one per account with fans. Grain: the hot-spot alert of the other bins and
 * the cooldown rule with the spec's defaults (cool to 10 °C with air 5–15 °C cooler than the warmest
 * point, outdoor reading at most 2 h old, the bins' at most 6 h), no scheduler. Compost: a cyclic
 * rule, 10 minutes at the start of every 30 (forced aeration of windrows), named by the blowers'
 * channels; it watches no storage. Each passes the save's own schema.
 */
export function demoFanMonitor(account: string): MonitorInput | null {
  if (account === 'grain@demo.emberwatch')
    return monitorInputSchema.parse({
      name: 'Grain — aeration',
      defaultMonitor: false,
      compost: false,
      demoType: null,
      rules: [
        {
          id: 1,
          type: 'ABS_MAX',
          settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: tenths(DEMO_GRAIN_LIMIT_C) },
        },
        {
          id: 2,
          type: 'COOLDOWN_CONTROL',
          settings: {
            ...defaultRuleSettings('COOLDOWN_CONTROL'),
            FC_ID: DEMO_AERATION_RC,
            outdoorID: DEMO_OUTDOOR_PROBE.sensorId,
            notifications: false,
          },
        },
      ],
    } satisfies MonitorInput);
  if (account === 'compost@demo.emberwatch')
    return monitorInputSchema.parse({
      name: 'Compost — aeration',
      defaultMonitor: false,
      compost: true,
      demoType: null,
      rules: [
        {
          id: 1,
          type: 'CYCLIC_CONTROL',
          settings: {
            ...defaultRuleSettings('CYCLIC_CONTROL'),
            FC_ID: 'RC12-WINDROWS-1',
            cycleSpan: 30,
            runMinutes: 10,
            notifications: false,
          },
        },
      ],
    } satisfies MonitorInput);
  return null;
}
