import { batteryLevel, isBatteryLow } from '../batteryLevel.js';
import { formatAge, readingAgeSeconds, type FormattedAge } from '../readingAge.js';
import { signalLevel } from '../signalLevel.js';
import type { DiagnosticMode } from './layoutViewModes.js';

/** What modes 5–8 read of a probe's latest reading (spec doc 3 §3 "Probe reading"). */
export interface DiagnosticReading {
  meas_ts: number;
  sensor_RSSI: number | null;
  bs_RSSI: number | null;
  /** Centivolts. */
  batt_voltage: number | null;
}

export interface ProbeDiagnostic {
  /** dBm for 5 and 6, centivolts for 7, seconds for 8; null when the reading lacks it. */
  value: number | null;
  /** The value on the colour scale: RSSI + 100 (doc 3 §9 offsets), centivolts, seconds. */
  scaleValue: number | null;
  /** 0 (worst) to 4 (best); null without a value. */
  level: 0 | 1 | 2 | 3 | 4 | null;
  /** Opacity of the cell, 1 to 0.4 (doc 3 §9 "Data age display fade"). */
  opacity: number;
  /** Mode 8 only: the age in the two-unit display (min, h, d). */
  age: FormattedAge | null;
  /** Mode 7: low battery (under 340 with data older than 3 hours, doc 3 §9). */
  low: boolean;
}

/** Spec doc 3 §9: "Probe signal and battery colour mappings apply offsets of 100 to RSSI". */
export const RSSI_COLOUR_OFFSET = 100;

const DAY_S = 86_400;
/** Spec doc 3 §9 "Data age display fade: 1 day under 2, 0.8 from 2, 0.6 from 7, 0.4 from 30" (days). */
export const DATA_AGE_FADES = [
  { fromDays: 30, opacity: 0.4 },
  { fromDays: 7, opacity: 0.6 },
  { fromDays: 2, opacity: 0.8 },
] as const;

export function dataAgeOpacity(ageSeconds: number): number {
  for (const f of DATA_AGE_FADES) if (ageSeconds >= f.fromDays * DAY_S) return f.opacity;
  return 1;
}

/** Data age as a level for colouring: fresh (under 2 days) is 4, then 3, 2, and 1 from 30 days. */
function ageLevel(ageSeconds: number): 1 | 2 | 3 | 4 {
  const opacity = dataAgeOpacity(ageSeconds);
  return opacity === 1 ? 4 : opacity === 0.8 ? 3 : opacity === 0.6 ? 2 : 1;
}

function rssiDiagnostic(rssi: number | null): Pick<ProbeDiagnostic, 'value' | 'scaleValue' | 'level'> {
  const level = signalLevel(rssi);
  if (rssi === null || level < 0) return { value: rssi, scaleValue: null, level: null };
  return { value: rssi, scaleValue: rssi + RSSI_COLOUR_OFFSET, level: level as 0 | 1 | 2 | 3 | 4 };
}

/**
 * One probe's cell in the admin modes (spec doc 3 §2 modes 5–8, §9): probe RSSI and base-station
 * RSSI as signal levels (−70 = 4 … −95 = 1) on a scale offset by 100; battery by its quality levels
 * (320/330/340/350 cV) and the low flag; data age in min/h/d with the fade. The fade dims every
 * admin mode, since an old signal or voltage says little about today (decision 0031).
 */
export function probeDiagnostic(
  mode: DiagnosticMode,
  reading: DiagnosticReading | null,
  nowS: number,
): ProbeDiagnostic {
  const none: ProbeDiagnostic = {
    value: null,
    scaleValue: null,
    level: null,
    opacity: 1,
    age: null,
    low: false,
  };
  if (reading === null) return none;
  const ageS = readingAgeSeconds(reading.meas_ts, nowS);
  const opacity = dataAgeOpacity(ageS);
  switch (mode) {
    case 5:
      return { ...none, ...rssiDiagnostic(reading.sensor_RSSI), opacity };
    case 6:
      return { ...none, ...rssiDiagnostic(reading.bs_RSSI), opacity };
    case 7: {
      const cv = reading.batt_voltage;
      return {
        ...none,
        value: cv,
        scaleValue: cv,
        level: batteryLevel(cv),
        opacity,
        low: isBatteryLow(cv, ageS),
      };
    }
    case 8:
      return { ...none, value: ageS, scaleValue: ageS, level: ageLevel(ageS), opacity, age: formatAge(ageS) };
  }
}
