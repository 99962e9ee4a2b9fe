import type { TFunction } from 'i18next';
import { hottestTemperature } from '@emberwatch/shared/domain/probeList';
import {
  isDiagnosticMode,
  type LayoutViewMode,
} from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import { probeDiagnostic } from '@emberwatch/shared/domain/storageLayout/probeDiagnostic';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { formatTemperatureText, formatVoltsText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS } from '../probes';
import type { StorageProbeInfo } from './useStorageProbeInfo';

/**
 * How the layout tab draws a mode: probe cells (temperatures, and the admin modes 5–8), the hay
 * loads text, the stack editor, or the hay-quality slot the quality feature fills.
 */
export type LayoutModeView = 'cells' | 'hayLoads' | 'editor' | 'quality';

export interface LayoutModeEntry {
  /** The translation key of the mode's name (storageDetail.modes.*). */
  labelKey: string;
  view: LayoutModeView;
}

/**
 * The layout view's modes (spec doc 3 §2 "Storage detail"): name and drawing. Who sees which is the
 * shared rule isLayoutModeVisible; what a cell shows is cellDisplay below.
 */
export const LAYOUT_MODES: Record<LayoutViewMode, LayoutModeEntry> = {
  1: { labelKey: 'storageDetail.modes.temperatures', view: 'cells' },
  2: { labelKey: 'storageDetail.modes.hayLoads', view: 'hayLoads' },
  3: { labelKey: 'storageDetail.modes.stackEditor', view: 'editor' },
  4: { labelKey: 'storageDetail.modes.hayQuality', view: 'quality' },
  5: { labelKey: 'storageDetail.modes.probeRssi', view: 'cells' },
  6: { labelKey: 'storageDetail.modes.stationRssi', view: 'cells' },
  7: { labelKey: 'storageDetail.modes.battery', view: 'cells' },
  8: { labelKey: 'storageDetail.modes.dataAge', view: 'cells' },
};

export interface CellColours {
  fill: string;
  onFill: string;
}

const NO_VALUE: CellColours = { fill: '#e5e7eb', onFill: '#111827' };

/** Levels 0 (worst) to 4 (best) of signal, battery and freshness: red through green. */
export const LEVEL_COLOURS: readonly CellColours[] = [
  { fill: '#b91c1c', onFill: '#ffffff' },
  { fill: '#ea580c', onFill: '#111827' },
  { fill: '#facc15', onFill: '#111827' },
  { fill: '#84cc16', onFill: '#111827' },
  { fill: '#15803d', onFill: '#ffffff' },
];

/** What one probe's cell shows in a mode: the value written out, its colours, and a fade. */
export interface CellDisplay {
  text: string;
  /** The value with its unit, for the cell's accessible name. */
  valueText: string;
  colours: CellColours;
  opacity: number;
  /** data-band: the temperature band, or "level-n" in the admin modes, or "none". */
  band: string;
}

export interface CellContext {
  unit: DegreesUnit;
  colorStepsC: readonly number[];
  nowS: number;
  t: TFunction;
}

/**
 * A probe's cell in a cells mode: its hottest depth in the user's colour steps (mode 1), or its probe
 * signal, station signal, battery or data age, coloured by level and faded by age (modes 5–8, spec
 * doc 3 §9 through the shared probeDiagnostic).
 */
export function cellDisplay(mode: LayoutViewMode, probe: StorageProbeInfo, ctx: CellContext): CellDisplay {
  if (!isDiagnosticMode(mode)) {
    const hottest = probe.temperatures === null ? null : hottestTemperature(probe.temperatures);
    const band = hottest === null ? null : temperatureBand(hottest, ctx.colorStepsC);
    return {
      text: formatTemperatureText(hottest, ctx.unit),
      valueText: formatTemperatureText(hottest, ctx.unit, true),
      colours: band === null ? NO_VALUE : TEMPERATURE_BAND_COLOURS[band],
      opacity: 1,
      band: band === null ? 'none' : String(band),
    };
  }
  const d = probeDiagnostic(mode, probe.reading, ctx.nowS);
  const text =
    d.value === null
      ? '--'
      : mode === 7
        ? `${formatVoltsText(d.value)} V`
        : mode === 8 && d.age !== null
          ? ctx.t(`age.${d.age.unit}`, { value: d.age.value })
          : `${d.value} dBm`;
  return {
    text,
    valueText:
      d.level !== null && mode === 7 && d.low ? `${text} (${ctx.t('storageDetail.lowBattery')})` : text,
    colours: d.level === null ? NO_VALUE : (LEVEL_COLOURS[d.level] ?? NO_VALUE),
    opacity: d.opacity,
    band: d.level === null ? 'none' : `level-${d.level}`,
  };
}
