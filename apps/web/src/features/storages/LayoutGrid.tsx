import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DegreesUnit } from '@emberwatch/shared';
import { ProbeCellLink } from './ProbeCellLink';
import type { StorageProbeInfo } from './useStorageProbeInfo';

/** One cell of a drawn layout: the probes in it (a pile may hold several, top first) and a pile's height. */
export interface LayoutCell {
  key: string;
  probes: readonly StorageProbeInfo[];
  /** Bales in the pile (stacks only); undefined for a rows layout. */
  pileHeight?: number;
}

/**
 * A level of a layout (one floor of rows, or one stack) drawn as rows of cells with CSS grid: rows
 * of different lengths stay left-aligned, empty cells show as outlines so the shape reads.
 */
export function LayoutGrid({
  title,
  rows,
  itemID,
  unit,
  colorStepsC,
  cellSize,
  testId,
}: {
  title: string | null;
  rows: readonly (readonly LayoutCell[])[];
  itemID: number;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
  cellSize: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" data-testid={testId} sx={{ mb: 2 }}>
      {title !== null && (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, overflowX: 'auto', pb: 0.5 }}>
        {rows.map((cells, r) => (
          <Box key={r} sx={{ display: 'flex', gap: 0.5 }}>
            {cells.map((cell) => (
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
                  // Room under the probes for the pile's height, so it never covers a probe's name.
                  pb: cell.pileHeight === undefined ? 0 : '12px',
                }}
              >
                {cell.probes.length === 0 && (
                  <Box component="span" sx={visuallyHidden}>
                    {t('storageDetail.emptyCell')}
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
            ))}
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
