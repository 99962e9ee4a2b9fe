import type { FcItem } from '@emberwatch/shared/contracts/fans';
import { fanDisplay } from '@emberwatch/shared/domain/fans/fanDisplay';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatDecimal, formatTemperatureText } from '../../lib/formatDecimal';
import { formatTemperatureDifference } from '../../lib/formatGuideTemperature';

/** Every key the explanation may give; a test checks each is in the locale files. */
export const FAN_DISPLAY_KEYS = [
  'fans.display.offline',
  'fans.display.manualOn',
  'fans.display.manualOff',
  'fans.display.scheduledStart',
  'fans.display.autoOn',
  'fans.display.autoOff',
  'fans.display.onForced',
  'fans.display.onOk',
  'fans.display.offForced',
  'fans.display.offOk',
] as const;
type DisplayKey = (typeof FAN_DISPLAY_KEYS)[number];

export const FAN_WHY_KEYS = [
  'fans.why.cooling',
  'fans.why.targetsReached',
  'fans.why.targetTempsOk',
  'fans.why.belowVentTemp',
  'fans.why.outdoorTooWarm',
  'fans.why.outdoorTooHumid',
  'fans.why.schedulerVeto',
  'fans.why.safety',
  'fans.why.safetyOverridesScheduler',
  'fans.why.humidityUnknown',
  'fans.why.noProbeData',
  'fans.why.noOutdoorData',
  'fans.why.noRule',
  'fans.why.noManualCommand',
  'fans.why.manual',
  'fans.why.cycleRun',
  'fans.why.cyclePause',
] as const;
type WhyKey = (typeof FAN_WHY_KEYS)[number];

export interface FanLine<K extends string> {
  key: K;
  values: Record<string, string>;
}

export interface FanExplanation {
  /** What the fan does (spec doc 3 §4 "Fan controller display"). */
  display: FanLine<DisplayKey>;
  /** Why, in the order a farmer reads it: what holds it, then details. */
  why: FanLine<WhyKey>[];
}

/**
 * A channel's status in words: the display line, and the decision the server made explained by its
 * state (docs/decisions/0037-fan-control.md), temperatures in the user's unit.
 */
export function fanExplanation(item: FcItem, unit: DegreesUnit): FanExplanation {
  const s = item.state;
  const d = fanDisplay({
    isOffline: item.connectionStatus.isOffline,
    fc_mode: item.fc_mode,
    command: item.command,
    isManual: item.isManual,
    manualCommand: item.manualCommand,
    state: s,
  });
  const displayKey: DisplayKey =
    d.kind === 'offline'
      ? 'fans.display.offline'
      : d.kind === 'drive'
        ? `fans.display.${d.drive}`
        : d.kind === 'on'
          ? d.forced
            ? 'fans.display.onForced'
            : 'fans.display.onOk'
          : d.forced
            ? 'fans.display.offForced'
            : 'fans.display.offOk';

  const values: Record<string, string> = {
    ref: formatTemperatureText(s.refTemp, unit, true),
    outdoor: formatTemperatureText(s.outdoorTemp, unit, true),
    delta: s.delta === null ? '--' : formatTemperatureDifference(Math.abs(s.delta) / 10, unit),
    rh: s.outdoorRh === null ? '--' : formatDecimal(s.outdoorRh, 0),
    emc: s.emc === null ? '--' : formatDecimal(s.emc, 1),
  };
  const line = (key: WhyKey): FanLine<WhyKey> => ({ key, values });
  const why: FanLine<WhyKey>[] = [];
  if (s.exception) why.push(line(`fans.why.${s.exception}`));
  if (item.isManual) why.push(line('fans.why.manual'));
  else {
    if (s.ventMode === 'safety') why.push(line('fans.why.safety'));
    switch (s.offReason) {
      case 'targetsReached':
      case 'targetTempsOk':
      case 'belowVentTemp':
      case 'schedulerVeto':
        why.push(line(`fans.why.${s.offReason}`));
        break;
      case 'auxVeto':
        why.push(line(s.note === 'outdoorTooHumid' ? 'fans.why.outdoorTooHumid' : 'fans.why.outdoorTooWarm'));
        break;
      case null:
        if (s.ruleCommand === 1 && s.refTemp !== null && s.outdoorTemp !== null)
          why.push(line('fans.why.cooling'));
    }
    if (
      s.note === 'safetyOverridesScheduler' ||
      s.note === 'humidityUnknown' ||
      s.note === 'cycleRun' ||
      s.note === 'cyclePause'
    )
      why.push(line(`fans.why.${s.note}`));
  }
  return { display: { key: displayKey, values: {} }, why };
}

/** A cyclic rule's progress through its cycle, or null for other rules. */
export function cycleProgress(
  item: FcItem,
  nowS: number,
): { minutes: number; span: number; on: number; percent: number } | null {
  const started = item.state.currentCycleStarted;
  if (item.ruleType !== 'CYCLIC_CONTROL' || started === null) return null;
  // A cyclic rule's offline rule is its own cycle and on-time (domain/fans/offlineRule.ts).
  const { cycle: span, ontime: on } = item.pending.offlineRule;
  const minutes = Math.min(span, Math.max(0, Math.floor((nowS - started) / 60)));
  return { minutes, span, on, percent: Math.round((100 * minutes) / span) };
}
