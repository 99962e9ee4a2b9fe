import { monitorInputSchema, type MonitorInput } from '@emberwatch/shared/contracts/monitors';
import {
  alertMessagingSchema,
  defaultAlertMessaging,
  type AlertMessaging,
} from '@emberwatch/shared/contracts/storages';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import type { DemoAccount, Material } from './demoAccounts.js';

/**
 * The limit of the hay demo's fire-risk rule, °C. Bales above 55 °C are watched closely and above
 * 65 °C are a fire risk; the simulator stages one stack that crosses 55 °C a few hours into live
 * play (apps/simulator hayModel, demoHeatingEpisode), so a new user sees an alert arrive.
 */
export const DEMO_HAY_LIMIT_C = 55;
/** Grain: a hot spot warmer than this is spoiling grain. */
export const DEMO_GRAIN_LIMIT_C = 30;
/**
 * Hay's relative rule: a rise of 10 °C (the widest tolerance) over the turn point catches a stack that
 * starts to heat before it reaches the limit; a narrower one would alert on the daily swing of the
 * bales' outer layers, which follow the barn's air.
 */
export const DEMO_HAY_RISE_C = 10;

const tenths = (c: number) => Math.round(c * 10);

/** One monitor per material an account stores, the first of them its default (spec doc 3 §3). */
function monitorFor(material: Material, isDefault: boolean): MonitorInput {
  const input = (name: string, compost: boolean, rules: MonitorInput['rules']): MonitorInput => ({
    name,
    rules,
    defaultMonitor: isDefault,
    compost,
    demoType: null,
  });
  switch (material) {
    case 'hay':
      return input('Hay — fire risk', false, [
        {
          id: 1,
          type: 'ABS_MAX',
          settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: tenths(DEMO_HAY_LIMIT_C) },
        },
        {
          id: 2,
          type: 'REL_MAX',
          settings: { ...defaultRuleSettings('REL_MAX'), alertLimit: tenths(DEMO_HAY_RISE_C) },
        },
      ]);
    case 'grain':
      return input('Grain — hot spots', false, [
        {
          id: 1,
          type: 'ABS_MAX',
          settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: tenths(DEMO_GRAIN_LIMIT_C) },
        },
      ]);
    case 'compost':
      // The compost default upper limit (75 °C): hotter windrows lose their microbes and dry out.
      return input('Compost — overheating', true, [
        { id: 1, type: 'ABS_MAX', settings: defaultRuleSettings('ABS_MAX', true) },
      ]);
  }
}

/**
 * The monitors a demo account starts with, in itemID order, and which material's storages each one
 * watches. Each passes the save's own schema, so the seed never stores what a user could not save.
 */
export function demoMonitors(account: DemoAccount): { material: Material; item: MonitorInput }[] {
  const materials = [...new Set(account.stations.map((s) => s.material))];
  return materials.map((material, i) => ({
    material,
    item: monitorInputSchema.parse(monitorFor(material, i === 0)),
  }));
}

/**
 * The voice limit of the demo's calling storages, °C: the hay monitor's fire-risk limit, so the bale
 * that crosses it (the staged heating, apps/simulator demoHeatingEpisode, peaks at 64 °C) calls too.
 * Both limits are strict ("over"), so every raise of the absolute rule is above the voice limit.
 */
export const DEMO_VOICE_LIMIT_C = DEMO_HAY_LIMIT_C;

/**
 * A monitored demo storage's messaging: e-mail and SMS to the owner; with `voice`, a call to the owner
 * above the voice limit at any hour (no-call hours start = end: day and night, so the demo calls
 * whenever it is watched); Sentinel off.
 */
export function demoAlertMessaging(ownerId: number, voice = false): AlertMessaging {
  const off = defaultAlertMessaging();
  return alertMessagingSchema.parse({
    ...off,
    sms: { active: true, UIDS: [ownerId] },
    email: { active: true, UIDS: [ownerId] },
    ...(voice
      ? { voice: { active: true, UIDS: [ownerId], noCallHours: [0, 0], tempLimit: DEMO_VOICE_LIMIT_C } }
      : {}),
  });
}
