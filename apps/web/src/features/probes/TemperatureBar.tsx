import { useTranslation } from 'react-i18next';
import { hottestTemperature } from '@emberwatch/shared/domain/probeList';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { temperatureBarDepths } from '@emberwatch/shared/domain/temperatureBar';
import { SegmentBar, type BarSegment } from '../../ui/SegmentBar';
import { TEMPERATURE_BAND_COLOURS } from './temperaturePalette';
import { formatTemperatureText } from '../../lib/formatDecimal';

/**
 * The multi-depth temperature bar (spec doc 2 §9): one segment per depth, handle first, each
 * coloured by the user's colour steps and its value written on it. Depths past the bar's limit fold
 * into one last "+N" segment coloured by the hottest of them, so a hot tip is never hidden.
 */
export function TemperatureBar({
  temperatures,
  unit,
  colorStepsC,
  fontSize,
  testId,
}: {
  /** Tenths of °C, handle first. */
  temperatures: readonly number[];
  unit: DegreesUnit;
  colorStepsC: readonly number[];
  fontSize?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { shown, folded } = temperatureBarDepths(temperatures);
  const segment = (key: number, tenths: number, text: string, spokenText?: string): BarSegment => {
    const band = temperatureBand(tenths, colorStepsC);
    const colours = TEMPERATURE_BAND_COLOURS[band];
    return { key, text, spokenText, background: colours.fill, color: colours.onFill, tone: `band-${band}` };
  };
  const segments = shown.map((tenths, i) => segment(i, tenths, formatTemperatureText(tenths, unit)));
  const hottestFolded = hottestTemperature(folded);
  if (hottestFolded !== null) {
    segments.push(
      segment(
        shown.length,
        hottestFolded,
        `+${folded.length}`,
        t('probes.deeperPoints', { values: folded.map((v) => formatTemperatureText(v, unit)).join(' / ') }),
      ),
    );
  }
  return <SegmentBar segments={segments} fontSize={fontSize} testId={testId} />;
}
