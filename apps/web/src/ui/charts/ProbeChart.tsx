import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TIME_FORMATS } from '@emberwatch/shared/contracts/preferences';
import { formatDepth, type DepthUnit } from '@emberwatch/shared/domain/depthUnits';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { UPlotChart } from '../UPlotChart';
import { formatDate } from '../../lib/formatDate';
import { formatDateTime } from '../../lib/formatDateTime';
import {
  ALERT_COLOUR,
  HUMIDITY_AXIS_PCT,
  SIGNAL_AXIS_DBM,
  VOLTAGE_AXIS_V,
  lastIndexWithValue,
  legendValueAt,
  differenceRange,
  rangeCovering,
  temperatureRange,
  type ChartData,
  type SeriesMeta,
} from './buildChartData';
import { formatDecimal } from '../../lib/formatDecimal';
import { alertLinePlugin } from './alertLinePlugin';

export interface ProbeChartProps {
  data: ChartData;
  unit: DegreesUnit;
  depthUnit: DepthUnit;
  /** Temperature axis in the user's unit before it grows to fit the data. */
  temperatureAxis: readonly [number, number];
  /** The user's alert temperature in their unit, drawn as a line (null: none). */
  alertTemperature: number | null;
  dateFormat: string;
  timeFormat: string;
  width: number;
  /** True when the window is long enough that ticks name days, not hours. */
  daysOnAxis: boolean;
  /** The window shown (seconds). */
  xRange: readonly [number, number];
  /** The user dragged over a time range (seconds); without it the chart does not zoom. */
  onZoom?: (start: number, end: number) => void;
  /**
   * The colours of a temperature (in the user's unit) by the user's colour steps: the legend's
   * temperature values are drawn in them, as every temperature of the app is.
   */
  temperatureTone?: (value: number) => { background: string; color: string; tone: string };
}

const CHART_HEIGHT = 320;

/** A series value as the legend writes it, in the user's unit with one decimal. */
export function formatSeriesValue(meta: SeriesMeta, v: number | null | undefined, unit: DegreesUnit): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '--';
  switch (meta.kind) {
    case 'depth':
      return `${formatDecimal(v, 1)} °${unit}`;
    case 'signal':
    case 'bsSignal':
      return `${Math.round(v)} dBm`;
    case 'voltage':
      return `${formatDecimal(v, 2)} V`;
    case 'humidity':
      return `${formatDecimal(v, 1)} %`;
    case 'difference':
      return `${v >= 0 ? '+' : ''}${formatDecimal(v, 2)} °${unit}`;
  }
}

function timePattern(timeFormat: string): string {
  return (TIME_FORMATS as readonly string[]).includes(timeFormat) ? timeFormat : 'HH:mm';
}

/**
 * The probe's history on a uPlot canvas with a legend below it that names every series and shows
 * its value at the cursor (or the latest one), in the user's unit and date format. The user's alert
 * temperature is a named dashed line across the plot, and the axis always reaches it.
 */
export function ProbeChart({
  data,
  unit,
  depthUnit,
  temperatureAxis,
  alertTemperature,
  dateFormat,
  timeFormat,
  width,
  daysOnAxis,
  xRange,
  onZoom,
  temperatureTone,
}: ProbeChartProps) {
  const { t } = useTranslation();
  const [cursorIdx, setCursorIdx] = useState<number | null>(null);
  const depthCount = data.series.filter((s) => s.kind === 'depth').length;

  const labelOf = (s: SeriesMeta): string => {
    if (s.label !== undefined) return s.label;
    switch (s.kind) {
      case 'depth': {
        const depth = formatDepth(s.depth, depthCount, depthUnit, (v) => formatDecimal(v));
        return s.depth === 0
          ? t('probeDetail.chart.handleDepth', { depth })
          : t('probeDetail.chart.depth', { depth });
      }
      case 'signal':
        return t('probeDetail.chart.probeSignal');
      case 'bsSignal':
        return t('probeDetail.chart.bsSignal');
      case 'voltage':
        return t('probeDetail.chart.battery');
      case 'humidity':
        return t('probeDetail.chart.humidity');
      case 'difference':
        return 'Δ';
    }
  };
  const labels = data.series.map(labelOf);
  const seriesKey = `${data.series.map((s) => s.kind).join()}|${labels.join()}`;
  const used = new Set(data.series.map((s) => s.kind));
  const alertName = t('probeDetail.chart.alert');
  const alertText = alertTemperature === null ? '' : `${formatDecimal(alertTemperature, 1)} °${unit}`;

  const [axisLo, axisHi] = temperatureAxis;
  const zooms = onZoom !== undefined;

  // Rebuilt only when the series, units or formats change; new data alone is a cheap redraw.
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const tp = timePattern(timeFormat);
    // Ticks a day or more apart name days; closer ones name times, with the date under the first
    // tick and under each midnight.
    const axisValues = (splits: number[]) => {
      const step = (splits[1] ?? Infinity) - (splits[0] ?? 0);
      if (step >= 86_400) return splits.map((s) => formatDate(s, dateFormat));
      return splits.map((s, i) => {
        const d = new Date(s * 1000);
        const time = format(d, tp);
        return i === 0 || (d.getHours() === 0 && d.getMinutes() === 0)
          ? `${time}\n${formatDate(s, dateFormat)}`
          : time;
      });
    };
    const axes: uPlot.Axis[] = [
      { values: (_u, splits) => axisValues(splits), space: 80 },
      { scale: 'temp', label: `°${unit}`, values: (_u, splits) => splits.map((v) => v.toFixed(0)) },
    ];
    if (used.has('signal')) axes.push({ scale: 'dBm', side: 1, label: 'dBm', grid: { show: false } });
    if (used.has('voltage'))
      axes.push({
        scale: 'V',
        side: 1,
        label: 'V',
        grid: { show: false },
        values: (_u, s) => s.map((v) => formatDecimal(v, 1)),
      });
    if (used.has('humidity')) axes.push({ scale: '%', side: 1, label: '%', grid: { show: false } });
    if (used.has('difference'))
      axes.push({
        scale: 'diff',
        side: 1,
        label: `Δ °${unit}`,
        grid: { show: false },
        values: (_u, s) => s.map((v) => formatDecimal(v, 1)),
      });
    const scaleOf = (s: SeriesMeta) =>
      s.kind === 'depth'
        ? 'temp'
        : s.kind === 'voltage'
          ? 'V'
          : s.kind === 'humidity'
            ? '%'
            : s.kind === 'difference'
              ? 'diff'
              : 'dBm';
    return {
      legend: { show: false },
      cursor: { drag: { x: zooms, y: false, setScale: false } },
      scales: {
        x: { time: true },
        temp: { range: (_u, min, max) => temperatureRange([axisLo, axisHi], alertTemperature, min, max) },
        dBm: { range: (_u, min, max) => rangeCovering(SIGNAL_AXIS_DBM, min, max) },
        V: { range: () => [VOLTAGE_AXIS_V[0], VOLTAGE_AXIS_V[1]] },
        '%': { range: () => [HUMIDITY_AXIS_PCT[0], HUMIDITY_AXIS_PCT[1]] },
        diff: { range: (_u, min, max) => differenceRange(min, max) },
      },
      axes,
      plugins:
        alertTemperature === null
          ? []
          : [
              alertLinePlugin({
                value: alertTemperature,
                label: `${alertName} ${alertText}`,
                colour: ALERT_COLOUR,
              }),
            ],
      series: [
        {},
        ...data.series.map((s, i) => ({
          label: labels[i],
          scale: scaleOf(s),
          stroke: s.colour,
          width: s.kind === 'depth' ? 2 : 1,
          dash: s.dashed ? [6, 4] : undefined,
          spanGaps: s.joinGaps ?? false,
          points: { show: false },
        })),
      ],
      hooks: {
        setCursor: [(u) => setCursorIdx(u.cursor.idx ?? null)],
        setSelect: [
          (u) => {
            if (!onZoom || u.select.width < 3) return;
            const start = u.posToVal(u.select.left, 'x');
            const end = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            onZoom(Math.round(start), Math.round(end));
          },
        ],
      },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by what changes the drawing
  }, [
    seriesKey,
    unit,
    axisLo,
    axisHi,
    alertTemperature,
    alertName,
    dateFormat,
    timeFormat,
    daysOnAxis,
    zooms,
  ]);

  const idx = cursorIdx ?? lastIndexWithValue(data);
  const x = idx === null ? undefined : data.columns[0][idx];

  return (
    <Box>
      <UPlotChart
        options={options}
        data={data.columns}
        width={width}
        height={CHART_HEIGHT}
        label={t('probeDetail.chart.label')}
        xRange={xRange}
      />
      <Box data-testid="chart-legend" sx={{ mt: 1 }} aria-live="off">
        <Typography variant="caption" color="text.secondary" data-testid="legend-time" component="p">
          {x === undefined ? '--' : formatDateTime(x, dateFormat, timeFormat)}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          {data.series.map((s, i) => {
            const value = legendValueAt(data, i, idx);
            const tone =
              s.kind === 'depth' && value !== null && temperatureTone ? temperatureTone(value) : null;
            return (
              <Stack
                key={`${s.kind}-${s.depth}-${i}`}
                direction="row"
                spacing={0.75}
                sx={{ alignItems: 'center' }}
              >
                <Box
                  sx={{
                    width: 14,
                    height: 0,
                    borderTop: `3px ${s.dashed ? 'dashed' : 'solid'} ${s.colour}`,
                    flexShrink: 0,
                  }}
                />
                <Typography variant="body2" component="span">
                  {labels[i]}
                </Typography>
                <Typography
                  variant="body2"
                  component="span"
                  data-testid="legend-value"
                  data-kind={s.kind}
                  data-tone={tone?.tone}
                  sx={{
                    fontWeight: 600,
                    fontVariantNumeric: 'tabular-nums',
                    ...(tone && {
                      px: 0.75,
                      borderRadius: 1,
                      background: tone.background,
                      color: tone.color,
                    }),
                  }}
                >
                  {formatSeriesValue(s, value, unit)}
                </Typography>
              </Stack>
            );
          })}
          {alertTemperature !== null && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="legend-alert">
              <Box sx={{ width: 14, height: 0, borderTop: `2px dashed ${ALERT_COLOUR}`, flexShrink: 0 }} />
              <Typography variant="body2" component="span">
                {alertName}
              </Typography>
              <Typography
                variant="body2"
                component="span"
                sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
              >
                {alertText}
              </Typography>
            </Stack>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
