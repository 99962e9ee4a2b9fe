import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { temperatureBand, type DegreesUnit, type LayoutViewMode } from '@emberwatch/shared';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS } from '../probes';
import { ProbeCellLink } from './ProbeCellLink';
import type { StorageProbeInfo } from './useStorageProbeInfo';

/** One cell of a drawn layout: the probes in it (a pile may hold several, top first) and a pile's height. */
export interface LayoutCell {
  key: string;
  /** 0-based place in its level, for the heat map's distances. */
  row: number;
  column: number;
  probes: readonly StorageProbeInfo[];
  /** Bales in the pile (stacks only); undefined for a rows layout. */
  pileHeight?: number;
}

/**
 * A level of a layout (one floor of rows, or one stack) drawn as rows of cells with CSS grid: rows
 * of different lengths stay left-aligned, empty cells show as outlines so the shape reads. With a
 * heat map, an empty cell takes the interpolated temperature's colour, lighter, and writes it small.
 * The angle tilts the level back (the layout popover's angle slider), `gapBelow` spaces the levels.
 */
export function LayoutGrid({
  title,
  rows,
  itemID,
  unit,
  colorStepsC,
  cellSize,
  testId,
  mode = 1,
  nowS,
  heat,
  angle = 0,
  gapBelow = 16,
}: {
  title: string | null;
  rows: readonly (readonly LayoutCell[])[];
  itemID: number;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
  cellSize: number;
  testId: string;
  mode?: LayoutViewMode;
  nowS: number;
  /** Interpolated temperatures (tenths of °C) by "row:column"; none without the heat map. */
  heat?: ReadonlyMap<string, number>;
  angle?: number;
  gapBelow?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" data-testid={testId} sx={{ mb: `${gapBelow}px` }}>
      {title !== null && (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Box
        data-angle={angle}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          overflowX: 'auto',
          pb: 0.5,
          // The angle tilts the level back around its top edge, as if seen from the front at a slant.
          transform: angle === 0 ? undefined : `perspective(900px) rotateX(${angle}deg)`,
          transformOrigin: 'top center',
        }}
      >
        {rows.map((cells, r) => (
          <Box key={r} sx={{ display: 'flex', gap: 0.5 }}>
            {cells.map((cell) => {
              const estimate = cell.probes.length === 0 ? heat?.get(`${cell.row}:${cell.column}`) : undefined;
              const heatFill =
                estimate === undefined
                  ? undefined
                  : TEMPERATURE_BAND_COLOURS[temperatureBand(estimate, colorStepsC)].fill;
              return (
                <Box
                  key={cell.key}
                  title={
                    cell.pileHeight === undefined
                      ? undefined
                      : t('storageDetail.pile', { count: cell.pileHeight })
                  }
                  sx={{
                    position: 'relative',
                    minWidth: cellSize,
                    minHeight: cellSize,
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 0.25,
                    border: '1px dashed',
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: cell.pileHeight === undefined ? undefined : 'rgba(202, 138, 4, 0.12)',
                    // The heat map under an empty cell: the estimate's colour at half strength.
                    backgroundImage:
                      heatFill === undefined ? undefined : `linear-gradient(${heatFill}80, ${heatFill}80)`,
                    alignItems: estimate === undefined ? undefined : 'center',
                    justifyContent: estimate === undefined ? undefined : 'center',
                    // Room under the probes for the pile's height, so it never covers a probe's name.
                    pb: cell.pileHeight === undefined ? 0 : '12px',
                  }}
                >
                  {cell.probes.length === 0 && estimate === undefined && (
                    <Box component="span" sx={visuallyHidden}>
                      {t('storageDetail.emptyCell')}
                    </Box>
                  )}
                  {estimate !== undefined && (
                    <Box
                      component="span"
                      data-testid={`heat-${testId}-${cell.row}-${cell.column}`}
                      data-band={temperatureBand(estimate, colorStepsC)}
                      title={t('storageDetail.heatEstimate', {
                        value: formatTemperatureText(estimate, unit, true),
                      })}
                      sx={{ fontSize: '0.6rem', color: 'text.secondary', fontStyle: 'italic' }}
                    >
                      <Box component="span" sx={visuallyHidden}>
                        {t('storageDetail.heatEstimate', {
                          value: formatTemperatureText(estimate, unit, true),
                        })}
                      </Box>
                      <span aria-hidden>≈{formatTemperatureText(estimate, unit)}</span>
                    </Box>
                  )}
                  {cell.probes.map((p) => (
                    <ProbeCellLink
                      key={p.id}
                      probe={p}
                      itemID={itemID}
                      unit={unit}
                      colorStepsC={colorStepsC}
                      size={cellSize}
                      mode={mode}
                      nowS={nowS}
                    />
                  ))}
                  {cell.pileHeight !== undefined && (
                    <Box
                      component="span"
                      aria-hidden
                      sx={{
                        position: 'absolute',
                        right: 2,
                        bottom: 0,
                        fontSize: '0.6rem',
                        color: 'text.secondary',
                      }}
                    >
                      {cell.pileHeight}
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
