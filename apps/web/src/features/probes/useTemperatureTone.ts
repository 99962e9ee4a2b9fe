import { fahrenheitToCelsius, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { useTemperatureScale } from './temperatureScale';
import { TEMPERATURE_BAND_COLOURS } from './temperaturePalette';

/**
 * The colours of a temperature given in the user's unit (as a chart holds it) by the user's colour
 * steps: the chart legends colour their temperatures with it, as the lists and bars do.
 */
export function useTemperatureTone(unit: DegreesUnit): (value: number) => {
  background: string;
  color: string;
  tone: string;
} {
  const steps = useTemperatureScale().colorStepsC;
  return (value) => {
    const tenths = Math.round((unit === 'F' ? fahrenheitToCelsius(value) : value) * 10);
    const band = temperatureBand(tenths, steps);
    const c = TEMPERATURE_BAND_COLOURS[band];
    return { background: c.fill, color: c.onFill, tone: `band-${band}` };
  };
}
