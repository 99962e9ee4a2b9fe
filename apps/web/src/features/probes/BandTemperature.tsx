import Box from '@mui/material/Box';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useUiPreferences } from '../sessions';
import { useTemperatureScale } from './temperatureScale';
import { TEMPERATURE_BAND_COLOURS } from './temperaturePalette';

/**
 * A temperature (tenths of °C) in the user's unit, filled with the colour of its band in the user's
 * colour steps, so a hot one is seen before it is read — in alert lists, the delivery log and the
 * batches; '--' when missing.
 */
export function BandTemperature({ tenths, testId }: { tenths: number | null; testId?: string }) {
  const unit = unitOf(useUiPreferences().degrees);
  const steps = useTemperatureScale().colorStepsC;
  if (tenths === null) return <span>{formatTemperatureText(null, unit)}</span>;
  const band = temperatureBand(tenths, steps);
  const colours = TEMPERATURE_BAND_COLOURS[band];
  return (
    <Box
      component="span"
      data-tone={`band-${band}`}
      data-testid={testId}
      sx={{
        px: 0.75,
        borderRadius: 1,
        background: colours.fill,
        color: colours.onFill,
        whiteSpace: 'nowrap',
      }}
    >
      {formatTemperatureText(tenths, unit, true)}
    </Box>
  );
}
