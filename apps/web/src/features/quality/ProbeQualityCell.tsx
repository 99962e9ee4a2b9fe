import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ProbeQuality } from '@emberwatch/shared/contracts/quality';
import { HAY_HEAT_BASE_C } from '@emberwatch/shared/domain/hayQuality';
import { heatingDegreeDays } from '@emberwatch/shared/domain/heatingDegreeDays';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { formatDecimal, formatTemperatureText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS } from '../probes';
import { DaysToDropText } from './DaysToDropText';
import { QualityBars } from './QualityBars';

/**
 * One probe's hay quality (spec doc 3 §3): its bars in the quality colour and size, the last
 * temperature in the user's colour steps and unit, and when the next bar goes. Beside the bars, the
 * heating degree-days above 30 °C as a number (issue 28 item 11); HDD in degree-hours and TDN are in
 * the tooltip and the accessible name.
 */
export function ProbeQualityCell({
  probe,
  unit,
  colorStepsC,
}: {
  probe: ProbeQuality;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
}) {
  const { t } = useTranslation();
  const band = probe.lastTemp === null ? null : temperatureBand(probe.lastTemp, colorStepsC);
  const colours = band === null ? null : TEMPERATURE_BAND_COLOURS[band];
  // HDD counts degrees above 30 °C: a difference, so °F takes 9/5 of it and no offset.
  const details = t('quality.details', {
    hdd: formatDecimal(unit === 'F' ? (probe.HDD * 9) / 5 : probe.HDD, 0),
    unit,
    tdn: formatDecimal(probe.TDN, 1),
    quality: formatDecimal(probe.quality * 100, 1),
  });
  const degreeDays = formatDecimal(heatingDegreeDays(probe.HDD, unit), 1);
  const degreeDaysLabel = t('quality.degreeDaysLabel', {
    value: degreeDays,
    unit,
    base: formatDecimal(unit === 'F' ? (HAY_HEAT_BASE_C * 9) / 5 + 32 : HAY_HEAT_BASE_C, 0),
  });
  return (
    <Tooltip title={details}>
      <Box
        data-testid="probe-quality"
        data-probe={probe.ID}
        aria-label={`${probe.ID}: ${t('quality.bars', { n: probe.bars })}. ${degreeDaysLabel}. ${details}`}
        role="group"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.25, p: 0.5 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
          <QualityBars bars={probe.bars} color={probe.color} scale={probe.size} />
          <Typography
            component="span"
            variant="caption"
            data-testid="degree-days"
            title={degreeDaysLabel}
            sx={{ lineHeight: 1.2, whiteSpace: 'nowrap', color: 'text.secondary' }}
          >
            {t('quality.degreeDays', { value: degreeDays, unit })}
          </Typography>
        </Box>
        <Typography variant="caption" sx={{ lineHeight: 1.2 }}>
          {probe.ID}
        </Typography>
        <Box
          component="span"
          data-testid="last-temp"
          data-band={band === null ? 'none' : String(band)}
          sx={{
            px: 0.5,
            borderRadius: 0.5,
            fontSize: 12,
            bgcolor: colours?.fill ?? 'transparent',
            color: colours?.onFill ?? 'text.secondary',
          }}
        >
          {formatTemperatureText(probe.lastTemp, unit, true)}
        </Box>
        <DaysToDropText days={probe.daysToDrop} isDemo={probe.isDemo} />
      </Box>
    </Tooltip>
  );
}
