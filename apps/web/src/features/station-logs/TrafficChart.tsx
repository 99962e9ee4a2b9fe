import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { seriesKey, TRAFFIC_KINDS, type TrafficSeries } from '@emberwatch/shared/domain/stationTraffic';
import { CALL_KIND_COLOURS, CALL_KIND_LABELS } from './callKindLabels';

const BAR = 10;
const HEIGHT = 100;

/**
 * The five kinds of call stacked per bar (spec doc 2 §3 "Traffic"), drawn as plain SVG: a few dozen
 * bars need no charting library, and each bar names its counts for a pointer and for tests.
 */
export function TrafficChart({
  data,
  label,
  timeOf,
}: {
  data: TrafficSeries;
  label: string;
  /** A bar's start as the user reads time. */
  timeOf: (ts: number) => string;
}) {
  const { t } = useTranslation();
  const bars = data.dataValues.map((p, i) => ({
    ts: p.ts,
    counts: TRAFFIC_KINDS.map((k) => ({ kind: k, n: data[seriesKey(k)][i]?.n ?? 0 })),
  }));
  const max = Math.max(1, ...bars.map((b) => b.counts.reduce((s, c) => s + c.n, 0)));
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${bars.length * BAR} ${HEIGHT}`}
      preserveAspectRatio="none"
      sx={{ width: '100%', height: 140, display: 'block', bgcolor: 'action.hover', borderRadius: 1 }}
      data-testid="traffic-chart"
    >
      {bars.map((bar, i) => {
        let y = HEIGHT;
        const total = bar.counts.reduce((s, c) => s + c.n, 0);
        const title = [
          timeOf(bar.ts),
          ...bar.counts.filter((c) => c.n > 0).map((c) => `${t(CALL_KIND_LABELS[c.kind])}: ${c.n}`),
        ].join(' · ');
        return (
          <g key={bar.ts} data-testid="traffic-bar" data-total={total}>
            <title>{title}</title>
            {bar.counts.map((c) => {
              if (c.n === 0) return null;
              const h = (c.n / max) * (HEIGHT - 4);
              y -= h;
              return (
                <rect
                  key={c.kind}
                  x={i * BAR + 1}
                  y={y}
                  width={BAR - 2}
                  height={h}
                  fill={CALL_KIND_COLOURS[c.kind]}
                  data-kind={c.kind}
                />
              );
            })}
          </g>
        );
      })}
    </Box>
  );
}
