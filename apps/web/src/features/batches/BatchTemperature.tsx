import Box from '@mui/material/Box';
import { temperatureBand, unitOf } from '@emberwatch/shared';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS, useTemperatureScale } from '../probes';
import { useUiPreferences } from '../sessions';

/**
 * A batch temperature (tenths of °C) in the user's unit, filled with the colour of its band in the
 * user's colour steps, as the probe list and the alert lists show temperatures; '--' when missing.
 */
export function BatchTemperature({ tenths }: { tenths: number | null }) {
  const unit = unitOf(useUiPreferences().degrees);
  const steps = useTemperatureScale().colorStepsC;
  if (tenths === null) return <span>{formatTemperatureText(null, unit)}</span>;
  const band = temperatureBand(tenths, steps);
  const colours = TEMPERATURE_BAND_COLOURS[band];
  return (
    <Box
      component="span"
      data-tone={`band-${band}`}
      data-testid="batch-temperature"
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
