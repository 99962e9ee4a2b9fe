import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DAY_S,
  MIN_CHART_WINDOW_S,
  OVERVIEW_DEBOUNCE_MS,
  centerWindowAt,
  windowLength,
  type SnapshotPoint,
  type TimeWindow,
} from '@emberwatch/shared';
import { formatDate } from '../../../lib/formatDate';
import { useDebouncedCallback } from '../../../lib/useDebouncedCallback';

export interface OverviewStripProps {
  /** One year ago to now (spec doc 2 §9). */
  bounds: TimeWindow;
  window: TimeWindow;
  points: readonly SnapshotPoint[];
  dateFormat: string;
  onChange: (w: TimeWindow) => void;
}

const VIEW_W = 1000;
const VIEW_H = 48;
/** How close (px) to an edge of the window a press resizes instead of moving it. */
const EDGE_PX = 8;

type Drag = 'move' | 'start' | 'end' | null;

/**
 * The year at a glance (daily maxima of every depth) with the chart's window marked on it. A click
 * centres the window there, a drag moves it, a drag on either edge resizes it (one day at least),
 * arrow keys move it by a day; the chart follows 100 ms after the last move (spec doc 2 §9).
 */
export function OverviewStrip({ bounds, window, points, dateFormat, onChange }: OverviewStripProps) {
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
  const maxima = points.map((p) => Math.max(p.h, ...p.hh));
  const lo = maxima.length > 0 ? Math.min(...maxima) : 0;
  const hi = maxima.length > 0 ? Math.max(...maxima) : 1;
  const yOf = (v: number) => VIEW_H - 4 - ((v - lo) / Math.max(hi - lo, 1)) * (VIEW_H - 8);
  const line = [...points]
    .sort((a, b) => a.b - b.b)
    .map((p, i) => `${xOf(p.b).toFixed(1)},${yOf(maxima[i] ?? lo).toFixed(1)}`)
    .join(' ');

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
          {line && (
            <polyline
              points={line}
              fill="none"
              stroke="#9a3412"
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
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
    </Box>
  );
}
