import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SnapshotPoint } from '@emberwatch/shared/contracts/probeData';
import {
  DAY_S,
  MIN_CHART_WINDOW_S,
  OVERVIEW_DEBOUNCE_MS,
  centerWindowAt,
  dataGaps,
  windowLength,
  type TimeWindow,
} from '@emberwatch/shared/domain/chartRange';
import { formatDate } from '../../../lib/formatDate';
import { useDebouncedCallback } from '../../../lib/useDebouncedCallback';

export interface OverviewStripProps {
  /** One year ago to now (spec doc 2 §9). */
  bounds: TimeWindow;
  window: TimeWindow;
  points: readonly SnapshotPoint[];
  /** The days that hold readings, as runs of consecutive days (`dataRuns` of the points' days). */
  runs: readonly TimeWindow[];
  dateFormat: string;
  onChange: (w: TimeWindow) => void;
}

const VIEW_W = 1000;
const VIEW_H = 48;
/** How close (px) to an edge of the window a press resizes instead of moving it. */
const EDGE_PX = 8;
/** Height of the band that marks the days with readings. */
const DATA_BAND_H = 5;
const LINE_COLOUR = '#9a3412';
const GAP_FILL = 'url(#overview-gap-hatch)';

type Drag = 'move' | 'start' | 'end' | null;

/**
 * The year at a glance (daily maxima of every depth) with the chart's window marked on it. Days with
 * readings carry a band along the bottom and the maxima line; days without are hatched, so the user
 * sees where the data is before clicking. A click
 * centres the window there, a drag moves it, a drag on either edge resizes it (one day at least),
 * arrow keys move it by a day; the chart follows 100 ms after the last move (spec doc 2 §9).
 */
export function OverviewStrip({ bounds, window, points, runs, dateFormat, onChange }: OverviewStripProps) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  // While the user moves it, the strip shows where the window goes; the chart follows once the
  // debounced change comes back as the new `window`.
  const [pending, setPending] = useState<TimeWindow | null>(null);
  const [seen, setSeen] = useState(window);
  if (seen !== window) {
    setSeen(window);
    setPending(null);
  }
  const preview = pending ?? window;
  const [drag, setDrag] = useState<Drag>(null);
  const commit = useDebouncedCallback(onChange, OVERVIEW_DEBOUNCE_MS);

  const span = windowLength(bounds);
  const xOf = (ts: number) => ((ts - bounds.start) / span) * VIEW_W;
  const sorted = [...points].sort((a, b) => a.b - b.b);
  const maxima = sorted.map((p) => Math.max(p.h, ...p.hh));
  const lo = maxima.length > 0 ? Math.min(...maxima) : 0;
  const hi = maxima.length > 0 ? Math.max(...maxima) : 1;
  const yOf = (v: number) =>
    VIEW_H - DATA_BAND_H - 3 - ((v - lo) / Math.max(hi - lo, 1)) * (VIEW_H - DATA_BAND_H - 6);
  // One line per run of consecutive days: a gap is not drawn as if the values ran across it. A day's
  // maximum is placed at the middle of its day.
  const lines = runs.map((run) =>
    sorted
      .map((p, i) => ({ p, v: maxima[i] ?? lo }))
      .filter(({ p }) => p.b >= run.start && p.b < run.end)
      .map(({ p, v }) => `${xOf(p.b + DAY_S / 2).toFixed(1)},${yOf(v).toFixed(1)}`)
      .join(' '),
  );
  const gaps = dataGaps(runs, bounds);

  const update = (w: TimeWindow) => {
    setPending(w);
    commit(w);
  };

  const timeAt = (clientX: number): { ts: number; px: number; width: number } => {
    const rect = svg.current?.getBoundingClientRect();
    const width = rect && rect.width > 0 ? rect.width : VIEW_W;
    const px = Math.min(Math.max(clientX - (rect?.left ?? 0), 0), width);
    return { ts: bounds.start + (px / width) * span, px, width };
  };

  const applyDrag = (mode: Exclude<Drag, null>, ts: number) => {
    if (mode === 'move') return update(centerWindowAt(preview, ts, bounds));
    if (mode === 'start') {
      const start = Math.max(bounds.start, Math.min(Math.round(ts), preview.end - MIN_CHART_WINDOW_S));
      return update({ start, end: preview.end });
    }
    const end = Math.min(bounds.end, Math.max(Math.round(ts), preview.start + MIN_CHART_WINDOW_S));
    update({ start: preview.start, end });
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    const { ts, px, width } = timeAt(e.clientX);
    const startPx = ((preview.start - bounds.start) / span) * width;
    const endPx = ((preview.end - bounds.start) / span) * width;
    const mode: Exclude<Drag, null> =
      Math.abs(px - startPx) <= EDGE_PX ? 'start' : Math.abs(px - endPx) <= EDGE_PX ? 'end' : 'move';
    svg.current?.setPointerCapture?.(e.pointerId);
    setDrag(mode);
    applyDrag(mode, ts);
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (drag) applyDrag(drag, timeAt(e.clientX).ts);
  };

  const endDrag = () => setDrag(null);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowLeft' ? -DAY_S : e.key === 'ArrowRight' ? DAY_S : 0;
    if (step === 0) return;
    e.preventDefault();
    const mid = (preview.start + preview.end) / 2;
    update(centerWindowAt(preview, mid + step, bounds));
  };

  const rangeText = t('probeDetail.history.range', {
    from: formatDate(preview.start, dateFormat),
    to: formatDate(preview.end, dateFormat),
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p" id="overview-label">
        {t('probeDetail.history.overview')}
      </Typography>
      <Box
        role="slider"
        tabIndex={0}
        aria-labelledby="overview-label"
        aria-valuemin={bounds.start}
        aria-valuemax={bounds.end}
        aria-valuenow={Math.round(preview.end)}
        aria-valuetext={rangeText}
        onKeyDown={onKeyDown}
        data-testid="overview-strip"
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          touchAction: 'none',
          cursor: drag === 'move' ? 'grabbing' : 'pointer',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <svg
          ref={svg}
          viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
          preserveAspectRatio="none"
          width="100%"
          height={VIEW_H}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          style={{ display: 'block' }}
        >
          <defs>
            <pattern
              id="overview-gap-hatch"
              patternUnits="userSpaceOnUse"
              width={6}
              height={6}
              patternTransform="rotate(45)"
            >
              <rect width={6} height={6} fill="#f3f4f6" />
              <line x1={0} y1={0} x2={0} y2={6} stroke="#c4c7cc" strokeWidth={2} />
            </pattern>
          </defs>
          {gaps.map((g) => (
            <rect
              key={g.start}
              data-testid="overview-gap"
              data-start={g.start}
              data-end={g.end}
              x={xOf(g.start)}
              y={0}
              width={Math.max(xOf(g.end) - xOf(g.start), 0)}
              height={VIEW_H}
              fill={GAP_FILL}
            />
          ))}
          {runs.map((run) => (
            <rect
              key={run.start}
              data-testid="overview-data"
              data-start={run.start}
              data-end={run.end}
              x={xOf(run.start)}
              y={VIEW_H - DATA_BAND_H}
              width={Math.max(xOf(run.end) - xOf(run.start), 1.5)}
              height={DATA_BAND_H}
              fill={LINE_COLOUR}
              fillOpacity={0.7}
            />
          ))}
          {lines.map(
            (points, i) =>
              points && (
                <polyline
                  key={runs[i]?.start ?? i}
                  points={points}
                  fill="none"
                  stroke={LINE_COLOUR}
                  strokeWidth={1.5}
                  vectorEffect="non-scaling-stroke"
                />
              ),
          )}
          <rect
            data-testid="overview-window"
            x={xOf(preview.start)}
            y={0}
            width={Math.max(xOf(preview.end) - xOf(preview.start), 2)}
            height={VIEW_H}
            fill="rgba(245, 158, 11, 0.25)"
            stroke="#f59e0b"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {formatDate(bounds.start, dateFormat)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDate(bounds.end, dateFormat)}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ columnGap: 2, rowGap: 0.5, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 14, height: DATA_BAND_H, bgcolor: LINE_COLOUR, opacity: 0.7 }} />
          <Typography variant="caption" color="text.secondary">
            {t('probeDetail.history.overviewData')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            sx={{
              width: 14,
              height: 10,
              border: 1,
              borderColor: 'divider',
              background: 'repeating-linear-gradient(45deg, #f3f4f6 0 2px, #c4c7cc 2px 4px)',
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('probeDetail.history.overviewGap')}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
