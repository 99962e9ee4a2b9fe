import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LayoutViewMode } from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
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
 *
 * Cells size to their content (decision 0078): the cell size is the least side, a column is never
 * narrower than its widest value and widens up to its longest name while the width allows; only
 * then do names wrap and end in an ellipsis (the full name is in the probe's tooltip). A level
 * wider than the page even at its narrowest scrolls by itself, the page never does.
 * The angle tilts the level back around its top edge (the layout popover's angle slider), as if
 * seen at a slant, within its own box; `gapBelow` spaces the levels.
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
  const columns = Math.max(1, ...rows.map((cells) => cells.length));
  return (
    <Box component="section" data-testid={testId} sx={{ mb: `${gapBelow}px` }}>
      {title !== null && (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
      )}
      {/* The level scrolls by itself when even its narrowest cells are wider than the page. */}
      <Box sx={{ overflowX: 'auto', pb: 0.5 }}>
        <Box
          data-angle={angle}
          sx={{
            display: 'grid',
            // A column is at least its widest value (and the cell size), at most its longest name.
            gridTemplateColumns: `repeat(${columns}, minmax(min-content, max-content))`,
            gap: 0.5,
            // As wide as the cells want when there is room, the page's width when not: the cells
            // share it, and the tilt's vanishing point is the drawing's own centre.
            width: 'fit-content',
            // The bottom edge goes away from the viewer (a negative rotateX): the level shrinks
            // into its own box instead of growing out of the page.
            transform: angle === 0 ? undefined : `perspective(900px) rotateX(${-angle}deg)`,
            transformOrigin: 'top center',
          }}
        >
          {rows.map((cells, r) =>
            cells.map((cell, c) => {
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
                    gridRow: r + 1,
                    gridColumn: c + 1,
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
                      sx={{
                        fontSize: '0.6rem',
                        color: 'text.secondary',
                        fontStyle: 'italic',
                        whiteSpace: 'nowrap',
                        px: 0.25,
                      }}
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
            }),
          )}
        </Box>
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
