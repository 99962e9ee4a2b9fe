import Box from '@mui/material/Box';
import { temperatureBand, unitOf } from '@emberwatch/shared';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS, useTemperatureScale } from '../probes';
import { useUiPreferences } from '../sessions';

/**
 * A temperature (tenths of °C) in the user's unit, filled with the colour of its band in the user's
 * colour steps, as the monitors' alert list shows them.
 */
export function BandTemperature({ tenths }: { tenths: number }) {
  const unit = unitOf(useUiPreferences().degrees);
  const band = temperatureBand(tenths, useTemperatureScale().colorStepsC);
  const colours = TEMPERATURE_BAND_COLOURS[band];
  return (
    <Box
      component="span"
      data-tone={`band-${band}`}
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
