import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import Box from '@mui/material/Box';

export interface UPlotChartProps {
  /** Options without width and height; a new object rebuilds the chart. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  width: number;
  height: number;
  label: string;
  /** The x range to show (otherwise uPlot fits the data): a window with no data at its start stays that wide. */
  xRange?: readonly [number, number];
}

/**
 * A uPlot canvas. The chart is rebuilt when the options change (axes shown, series) and only
 * given new data otherwise, which uPlot redraws in a few milliseconds.
 */
export function UPlotChart({ options, data, width, height, label, xRange }: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const u = new uPlot({ ...options, width, height }, data, host.current);
    if (xRange) u.setScale('x', { min: xRange[0], max: xRange[1] });
    chart.current = u;
    return () => {
      u.destroy();
      chart.current = null;
    };
    // Data and size are applied below without a rebuild.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);

  const [xMin, xMax] = xRange ?? [undefined, undefined];
  useEffect(() => {
    const u = chart.current;
    if (!u) return;
    u.setData(data);
    if (xMin !== undefined && xMax !== undefined) u.setScale('x', { min: xMin, max: xMax });
  }, [data, xMin, xMax]);

  useEffect(() => {
    chart.current?.setSize({ width, height });
  }, [width, height]);

  return <Box ref={host} role="img" aria-label={label} data-testid="uplot-host" sx={{ width: '100%' }} />;
}
