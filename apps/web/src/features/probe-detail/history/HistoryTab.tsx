import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ShowChart from '@mui/icons-material/ShowChart';
import { MAX_CHART_WIDTH_PX } from '@emberwatch/shared/contracts/probeData';
import {
  CHART_SPANS,
  CHART_SPAN_ORDER,
  DAY_S,
  canShiftForward,
  dataRuns,
  isSnapshotWindow,
  nearestData,
  normalizeWindow,
  overviewWindow,
  shiftWindow,
  spanWindow,
  windowLength,
  type ChartSpan,
  type NearestData,
  type TimeWindow,
} from '@emberwatch/shared/domain/chartRange';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../../ui/LoadingIndicator';
import { isNetworkFailure } from '../../../lib/ApiRequestError';
import { formatDate } from '../../../lib/formatDate';
import { useElementWidth } from '../../../lib/useElementWidth';
import { useUiPreferences } from '../../sessions';
import { useTemperatureTone } from '../../probes';
import { useOverview, useSensorData } from '../probeDetailQueries';
import type { ProbeTabProps } from '../probeDetailTypes';
import {
  alertInUnit,
  buildChartData,
  temperatureAxis,
  type ExtraAxes,
} from '../../../ui/charts/buildChartData';
import { ProbeChart } from '../../../ui/charts/ProbeChart';
import { OverviewStrip } from './OverviewStrip';

export interface HistoryTabProps extends ProbeTabProps {
  /** Temperature axis in °C (the user's chart_scale, or the spec's 20–60). */
  chartScaleC: readonly [number, number];
  onClose: () => void;
}

/** The chart opens on the last week: long enough to see a trend, short enough to see each reading. */
export const DEFAULT_SPAN: ChartSpan = 'week';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The History tab (spec doc 2 §2.4, §9): every depth over a year, month, week or day, previous and
 * next arrows, a drag on the chart to zoom (one day at least), optional signal, voltage and humidity
 * axes, the user's alert temperature as a line, and the year's overview (where the data is) to move
 * the window. A window that reaches now follows the station's new readings.
 */
export function HistoryTab(props: HistoryTabProps) {
  const { bsId, sensorId, depths, hasData, unit, depthUnit, dateFormat, timeFormat, chartScaleC, onClose } =
    props;
  const { t } = useTranslation();
  const [now, setNow] = useState(nowSeconds);
  const [span, setSpan] = useState<ChartSpan | null>(DEFAULT_SPAN);
  const [win, setWin] = useState<TimeWindow>(() => spanWindow(DEFAULT_SPAN, now));
  const [extra, setExtra] = useState<ExtraAxes>({ signal: false, voltage: false, humidity: false });
  const box = useRef<HTMLDivElement>(null);
  const width = Math.min(Math.max(useElementWidth(box, 800, 10), 50), MAX_CHART_WIDTH_PX);
  // The server's downsampling width moves in 100 px steps, so a small resize does not refetch.
  const queryWidth = Math.max(100, Math.floor(width / 100) * 100);

  const allFields = extra.signal || extra.voltage || extra.humidity;
  // A window that reaches now is live: a newData for the station reads it again up to the new now.
  const live = win.end >= now;
  const sensorData = useSensorData({
    bsId,
    sensorId,
    window: win,
    live,
    allFields,
    width: queryWidth,
    enabled: hasData,
  });
  // The live window moves on with what it was last read for, so the new point, the legend's latest
  // value and the range shown all follow (a window in the past stays where the user put it).
  const readFor = sensorData.data?.window;
  if (
    live &&
    readFor &&
    !sensorData.isPlaceholderData &&
    readFor.end > now &&
    windowLength(readFor) === windowLength(win)
  ) {
    setNow(readFor.end);
    setWin(readFor);
  }
  const bounds = overviewWindow(now);
  const overview = useOverview(bsId, sensorId, hasData);
  const runs = useMemo(() => dataRuns((overview.data?.results ?? []).map((p) => p.b)), [overview.data]);

  const chartData = useMemo(
    () =>
      sensorData.data
        ? buildChartData(sensorData.data.points, sensorData.data.depths || depths, unit, extra)
        : null,
    [sensorData.data, depths, unit, extra],
  );
  const axis = temperatureAxis(chartScaleC, unit);
  // The user's alert temperature (spec doc 1 §9 default 45 °C) drawn on the chart.
  const alert = alertInUnit(useUiPreferences().temperature_alert, unit);
  const tone = useTemperatureTone(unit);

  /** Any move asks "now" again, so that a page left open still reaches the newest readings. */
  const moveTo = (next: TimeWindow, nextSpan: ChartSpan | null) => {
    const current = nowSeconds();
    setNow(current);
    setWin(normalizeWindow(next, current));
    setSpan(nextSpan);
  };

  const chooseSpan = (next: ChartSpan) => {
    const current = nowSeconds();
    // A span keeps the window's end (so it zooms around what the user looks at), but a window that
    // ended at the page's "now" follows the clock.
    moveTo(spanWindow(next, win.end >= now ? current : win.end), next);
  };

  if (!hasData) return <EmptyState icon={<ShowChart />} text={t('probeDetail.noDataYet')} />;

  const error = sensorData.error;
  // Spec doc 2 §8: a chart that cannot reach the server renders nothing.
  const offline = isNetworkFailure(error);
  const snapshot = sensorData.data?.mode === 'snapshot' || (!sensorData.data && isSnapshotWindow(win));

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', mb: 1 }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={span}
            onChange={(_, v: ChartSpan | null) => v && chooseSpan(v)}
            aria-label={t('probeDetail.history.span')}
          >
            {CHART_SPAN_ORDER.map((s) => (
              <ToggleButton key={s} value={s} data-testid={`span-${s}`}>
                {t(`probeDetail.history.spans.${s}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <IconButton
            aria-label={t('probeDetail.history.previous')}
            data-testid="chart-previous"
            onClick={() => moveTo(shiftWindow(win, -1, now), span)}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label={t('probeDetail.history.next')}
            data-testid="chart-next"
            disabled={!canShiftForward(win, now)}
            onClick={() => moveTo(shiftWindow(win, 1, now), span)}
          >
            <ChevronRight />
          </IconButton>
          <Typography variant="body2" data-testid="chart-range" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('probeDetail.history.range', {
              from: formatDate(win.start, dateFormat),
              to: formatDate(win.end, dateFormat),
            })}
          </Typography>
          {snapshot && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('probeDetail.history.snapshot')}
              data-testid="snapshot-label"
            />
          )}
        </Stack>
        <IconButton aria-label={t('probeDetail.history.close')} onClick={onClose} data-testid="chart-close">
          <Close />
        </IconButton>
      </Stack>

      <FormGroup row sx={{ mb: 1 }}>
        {(['signal', 'voltage', 'humidity'] as const).map((k) => (
          <FormControlLabel
            key={k}
            control={
              <Switch
                size="small"
                checked={extra[k]}
                onChange={(e) => setExtra((x) => ({ ...x, [k]: e.target.checked }))}
              />
            }
            label={t(`probeDetail.history.axes.${k}`)}
          />
        ))}
      </FormGroup>

      <Box ref={box} sx={{ minHeight: 320, position: 'relative' }}>
        {offline ? null : error ? (
          <LoadErrorAlert error={error} onRetry={() => void sensorData.refetch()} />
        ) : !chartData ? (
          <LoadingIndicator label={t('common.loading')} />
        ) : chartData.columns[0].length === 0 ? (
          <NoDataForPeriod
            nearest={nearestData(win, runs, now)}
            dateFormat={dateFormat}
            onShow={(w) => moveTo(w, span)}
          />
        ) : (
          <ProbeChart
            data={chartData}
            unit={unit}
            depthUnit={depthUnit}
            temperatureAxis={axis}
            alertTemperature={alert}
            dateFormat={dateFormat}
            timeFormat={timeFormat}
            width={width}
            daysOnAxis={windowLength(win) > 2 * 86_400}
            xRange={[win.start, win.end]}
            onZoom={(start, end) => moveTo({ start, end }, null)}
            temperatureTone={tone}
          />
        )}
        {/* Only a move waits for its data; a live update replaces the curve without a word. */}
        {sensorData.isPlaceholderData && chartData && (
          <Typography
            variant="caption"
            color="text.secondary"
            role="status"
            sx={{ position: 'absolute', top: 0, right: 8 }}
          >
            {t('common.loading')}
          </Typography>
        )}
      </Box>

      {!offline && (
        <OverviewStrip
          bounds={bounds}
          window={win}
          points={overview.data?.results ?? []}
          runs={runs}
          dateFormat={dateFormat}
          onChange={(w) => moveTo(w, span && windowLength(w) === CHART_SPANS[span] ? span : null)}
        />
      )}
    </Box>
  );
}

/**
 * An empty window says where the nearest readings are (from the overview's days) and moves there
 * on request, instead of leaving the user to search the year.
 */
function NoDataForPeriod({
  nearest,
  dateFormat,
  onShow,
}: {
  nearest: NearestData | null;
  dateFormat: string;
  onShow: (w: TimeWindow) => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={<ShowChart />} text={t('probeDetail.noDataForPeriod')}>
      {nearest && (
        <>
          <Typography variant="body2" data-testid="nearest-data" sx={{ mt: 1 }}>
            {t(
              nearest.direction === 'earlier'
                ? 'probeDetail.history.nearestEarlier'
                : 'probeDetail.history.nearestLater',
              // The day's middle names the same date in every time zone of a farm.
              { date: formatDate(nearest.day + DAY_S / 2, dateFormat) },
            )}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            sx={{ mt: 1 }}
            data-testid="show-nearest-data"
            startIcon={nearest.direction === 'earlier' ? <ChevronLeft /> : <ChevronRight />}
            onClick={() => onShow(nearest.window)}
          >
            {t('probeDetail.history.showNearest')}
          </Button>
        </>
      )}
    </EmptyState>
  );
}
