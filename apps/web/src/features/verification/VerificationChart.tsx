import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { Verification, VerifixData } from '@emberwatch/shared/contracts/verification';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { useElementWidth } from '../../lib/useElementWidth';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { ProbeChart } from '../../ui/charts/ProbeChart';
import { temperatureAxis } from '../../ui/charts/buildChartData';
import { useUiPreferences } from '../sessions';
import { useTemperatureTone } from '../probes';
import { verificationChartData } from './verificationChartData';

export interface VerificationChartProps {
  v: Verification;
  data: Pick<VerifixData, 'data1' | 'data2'>;
  unit: DegreesUnit;
  dateFormat: string;
  timeFormat: string;
}

/**
 * Both probes and their difference over the verification's period, drawn by the probe history's
 * chart (the same axes, legend and units), temperatures in the legend coloured by the user's colour
 * steps. The period runs to now while the verification is ongoing.
 */
export function VerificationChart({ v, data, unit, dateFormat, timeFormat }: VerificationChartProps) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const box = useRef<HTMLDivElement>(null);
  const width = Math.max(useElementWidth(box, 800, 10), 50);
  const chartData = useMemo(
    () =>
      verificationChartData(data, unit, {
        probe: t('verification.chart.probe', { id: v.probeID }),
        reference: t('verification.chart.reference', { id: v.verifixID }),
        difference: t('verification.chart.difference'),
      }),
    [data, unit, t, v.probeID, v.verifixID],
  );
  const tone = useTemperatureTone(unit);
  // An ongoing verification's period runs to now (re-read each minute, as new readings arrive).
  const now = useNowSeconds(60_000);
  const end = v.endDate ?? Math.max(now, chartData.columns[0].at(-1) ?? 0);
  return (
    <Box ref={box} data-testid="verification-chart">
      <ProbeChart
        data={chartData}
        unit={unit}
        depthUnit="m"
        temperatureAxis={temperatureAxis(prefs.chart_scale, unit)}
        alertTemperature={null}
        dateFormat={dateFormat}
        timeFormat={timeFormat}
        width={width}
        daysOnAxis={end - v.startDate > 2 * 86_400}
        xRange={[v.startDate, end]}
        temperatureTone={tone}
      />
    </Box>
  );
}
